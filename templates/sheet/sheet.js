// The order sheet's script: compose order lines from the engine's legal options, show the mail, send it.
// Plain JavaScript, no library, no network. The text order language is the source of truth: every line
// added is an order line exactly as the engine listed it (or as the player typed or built it, marked
// "checked on arrival"). Inlined by campaign/sheet/page.py; keep it free of Jinja brace pairs.
"use strict";
(function () {
  var D = JSON.parse(document.getElementById("sheet-data").textContent);
  var byId = function (id) { return document.getElementById(id); };
  var units = D.units;
  var unitOf = {};
  units.forEach(function (u) {
    unitOf[u.id] = u;
    u.opts.forEach(function (o) {  // put back what the data left out to stay small (data.py: expand)
      if (o.k === "move" || o.k === "charge") o.o = u.mp + o.o;
      if (o.t === undefined) o.t = (o.h || []).join("/");
    });
  });
  window.sheetData = D;
  var lines = [];        // {text, unit, kind, later, why}
  var selected = null;   // a unit record
  var draft = [];        // hexes of a move the sheet cannot precompute, built click by click
  var svg = document.querySelector("#board svg");
  var hexEl = {};
  var centre = {};
  var step = 0;          // the distance between the centres of two neighbouring hexes
  var overlay = null;
  var KIND = { move: "Moves", charge: "Charges", face: "Facings", formation: "Formations", shoot: "Targets", other: "Other orders" };
  var SLOT = { move: "move", charge: "move", face: "face", formation: "formation", shoot: "shoot", other: "" };

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function hint(text) { byId("hint").textContent = text; }

  // --- the board -----------------------------------------------------------------------------------
  function indexBoard() {
    if (!svg) return;
    var paths = svg.querySelectorAll("[data-hex]");
    paths.forEach(function (p) {
      var b = p.getBBox();
      hexEl[p.getAttribute("data-hex")] = p;
      centre[p.getAttribute("data-hex")] = [b.x + b.width / 2, b.y + b.height / 2];
    });
    if (paths.length) {
      var b0 = paths[0].getBBox();
      step = Math.min(b0.width, b0.height) * 1.2;
      overlay = document.createElementNS("http://www.w3.org/2000/svg", "g");
      overlay.setAttribute("class", "overlay");
      paths[0].parentNode.parentNode.insertBefore(overlay, paths[0].parentNode);
      svg.addEventListener("click", function (ev) {
        var t = ev.target.closest ? ev.target.closest("[data-hex]") : null;
        if (t) clickHex(t.getAttribute("data-hex"));
      });
    }
  }
  function neighbours(a, b) {
    var p = centre[a], q = centre[b];
    if (!p || !q || a === b) return false;
    return Math.hypot(p[0] - q[0], p[1] - q[1]) < step;
  }
  function paint() {
    Object.keys(hexEl).forEach(function (h) { hexEl[h].removeAttribute("class"); });
    if (overlay) overlay.textContent = "";
    lines.forEach(function (l) { (l.at || []).forEach(function (h) { mark(h, "ordered"); }); });
    if (!selected) return;
    selected.opts.forEach(function (o) {
      (o.h || []).forEach(function (h) {
        mark(h, o.k === "shoot" ? "target" : o.k === "charge" ? "charge" : o.k === "move" ? "reach" : "");
        if (o.c !== undefined && (o.k === "move" || o.k === "charge")) label(h, String(o.c));
      });
    });
    draft.forEach(function (h) { mark(h, "draft"); });
    selected.at.forEach(function (h) { mark(h, "sel"); });
  }
  function mark(h, cls) { if (hexEl[h] && cls) hexEl[h].setAttribute("class", cls); }
  function label(h, text) {
    if (!overlay || !centre[h] || overlay.querySelector('[data-for="' + h + '"]')) return;
    var t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("x", centre[h][0]);
    t.setAttribute("y", centre[h][1] + 4);
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("class", "cost");
    t.setAttribute("data-for", h);
    t.textContent = text;
    overlay.appendChild(t);
  }

  // --- choosing ------------------------------------------------------------------------------------
  function optionsAt(u, h) { return u.opts.filter(function (o) { return (o.h || []).indexOf(h) >= 0; }); }
  function unitsAt(h) { return units.filter(function (u) { return u.at.indexOf(h) >= 0; }); }

  function clickHex(h) {
    if (selected) {
      var here = optionsAt(selected, h).filter(function (o) { return o.k !== "face" && o.k !== "formation"; });
      if (here.length === 1) { addOption(selected, here[0]); return; }
      if (here.length > 1) { showChoices(selected, h, here); return; }
    }
    var mine = unitsAt(h);
    if (mine.length) { select(mine[0]); return; }
    if (selected) extendDraft(h);
  }

  function select(u) {
    selected = u;
    draft = [];
    document.querySelectorAll("#units button").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-unit") === u.id ? "true" : "false");
    });
    showUnit(u);
    paint();
    if (u.at.length && hexEl[u.at[0]] && byId("board").classList.contains("zoomed")) {
      hexEl[u.at[0]].scrollIntoView({ block: "nearest", inline: "center" });
    }
    hint(u.opts.length ? "Unit " + u.id + " selected: click a green hex to move, red to shoot, orange to charge." : "Unit " + u.id + " has no legal order now.");
  }

  function showUnit(u, choices) {
    var box = byId("unit-detail");
    box.textContent = "";
    box.appendChild(el("h2", {}, u.id + " " + u.name + (u.where ? " at " + u.where : "")));
    if (u.card) box.appendChild(el("div", { "class": "card" }, u.card));
    if (u.notes.length) {
      var ul = el("ul", { "class": "unit-notes" });
      u.notes.forEach(function (n) { ul.appendChild(el("li", {}, n)); });
      box.appendChild(ul);
    }
    if (choices) {
      box.appendChild(el("h3", {}, "Several orders end in " + choices.hex + ": pick one"));
      box.appendChild(optionButtons(u, choices.opts));
    }
    Object.keys(KIND).forEach(function (k) {
      var opts = u.opts.filter(function (o) { return o.k === k; });
      if (!opts.length) return;
      box.appendChild(el("h3", {}, KIND[k] + " (" + opts.length + ")"));
      box.appendChild(optionButtons(u, opts));
    });
    if (draft.length) {
      box.appendChild(el("h3", {}, "A move the sheet cannot check"));
      var b = el("button", { type: "button", id: "draft-add" }, draftLine(u) + "  (checked on arrival)");
      b.addEventListener("click", function () { addDraft(u); });
      box.appendChild(b);
    }
  }

  function optionButtons(u, opts) {
    var div = el("div", { "class": "opts" });
    opts.forEach(function (o) {
      if (D.measured && o.k === "move" && /\d$/.test(o.o)) { div.appendChild(distanceInput(u, o)); return; }
      var what = (o.h && o.h.length ? o.h.join("/") : o.t || o.o);
      if (o.c !== undefined) what += " \u00b7 " + o.c;
      var b = el("button", { type: "button", "data-order": o.o, title: o.o + (o.d ? " (" + o.d + ")" : "") }, o.k === "other" || o.k === "formation" || o.k === "face" ? o.o : what);
      b.addEventListener("click", function () { addOption(u, o); });
      div.appendChild(b);
    });
    return div;
  }

  // A measured move: the distance is typed (up to the longest legal one the engine found).
  function distanceInput(u, o) {
    var m = /^(.*\s)(\d+(?:\.\d+)?)$/.exec(o.o);
    var wrap = el("span", { "class": "row" });
    var id = "dist-" + u.id;
    wrap.appendChild(el("label", { "for": id }, m[1].trim()));
    var inp = el("input", { type: "number", id: id, min: "0", max: m[2], step: "any", value: m[2], "data-order-prefix": m[1] });
    inp.style.width = "6rem";
    wrap.appendChild(inp);
    var b = el("button", { type: "button", "data-order": o.o }, "Add (at most " + m[2] + ")");
    b.addEventListener("click", function () {
      var v = inp.value.trim();
      if (!/^\d+(\.\d+)?$/.test(v)) { hint("Type a distance, a plain number."); return; }
      var text = m[1] + v;
      addLine({ text: text, unit: u.id, kind: "move", later: Number(v) > Number(m[2]) || !!o.l, at: [] });
    });
    wrap.appendChild(b);
    return wrap;
  }

  function showChoices(u, h, opts) {
    showUnit(u, { hex: h, opts: opts });
    hint("Several orders end in " + h + ": pick one in the list.");
    var first = byId("unit-detail").querySelector(".opts button");
    if (first) first.focus();
  }

  // --- a move the engine could not list: built hex by hex, checked on arrival ------------------------
  function template(u) {
    for (var i = 0; i < u.opts.length; i++) {
      var o = u.opts[i];
      if (o.k !== "move" || !o.p || !o.p.length) continue;
      var whole = " " + o.p.join(" ");
      if (o.p.length > 1 && o.o.slice(-whole.length) === whole) return { prefix: o.o.slice(0, -whole.length), path: true };
      var last = " " + o.p[o.p.length - 1];
      if (o.o.slice(-last.length) === last) return { prefix: o.o.slice(0, -last.length), path: false };
    }
    return null;
  }
  function extendDraft(h) {
    var t = template(selected);
    if (!t) { hint("No listed order of unit " + selected.id + " reaches " + h + "."); return; }
    var from = draft.length ? draft[draft.length - 1] : selected.at[0];
    if (t.path && !neighbours(from, h)) { hint(h + " is not next to " + from + ": build the move one hex at a time."); return; }
    if (t.path) draft.push(h); else draft = [h];
    showUnit(selected);
    paint();
    hint("Move built by hand: " + draftLine(selected) + ". It is checked when it arrives.");
  }
  function draftLine(u) { return template(u).prefix + " " + draft.join(" "); }
  function addDraft(u) {
    addLine({ text: draftLine(u), unit: u.id, kind: "move", later: true, why: "not listed: built by hand", at: [draft[draft.length - 1]] });
    draft = [];
    showUnit(u);
  }

  // --- the order lines -----------------------------------------------------------------------------
  function addOption(u, o) {
    var end = o.k === "move" || o.k === "charge" ? o.h || [] : [];
    addLine({ text: o.o, unit: u.id, kind: o.k, later: !!o.l, why: o.l ? "depends on the phase so far" : "", at: end, path: o.p || [] });
  }

  function addLine(line) {
    var slot = SLOT[line.kind];
    var i = slot ? lines.findIndex(function (l) { return l.unit === line.unit && SLOT[l.kind] === slot; }) : -1;
    if (i >= 0) { lines[i] = line; hint("Replaced the " + slot + " order of unit " + line.unit + ": " + line.text); }
    else { lines.push(line); hint("Added: " + line.text); }
    draft = [];
    refresh();
  }

  // A line depends on the lines above it when its unit already has an order there, or its path
  // crosses a hex an earlier move ends in or leaves: the sheet cannot know, the referee checks it.
  function dependsOnEarlier(k) {
    var l = lines[k];
    for (var j = 0; j < k; j++) {
      var e = lines[j];
      if (e.unit === l.unit) return "unit " + l.unit + " has an order above";
      var touched = (e.at || []).concat(unitOf[e.unit] && e.at && e.at.length ? unitOf[e.unit].at : []);
      var mine = (l.path || []).concat(l.at || []);
      for (var m = 0; m < mine.length; m++) if (touched.indexOf(mine[m]) >= 0) return "passes " + mine[m] + ", which a move above changes";
    }
    return "";
  }

  function refresh() {
    var ol = byId("lines");
    ol.textContent = "";
    lines.forEach(function (l, k) {
      var li = el("li");
      li.appendChild(el("code", {}, l.text));
      var why = l.later ? l.why || "checked on arrival" : dependsOnEarlier(k);
      if (why || l.later) li.appendChild(el("span", { "class": "later" }, " checked on arrival (" + (why || "depends on earlier orders") + ")"));
      var tools = el("span", { "class": "line-tools" });
      tools.appendChild(button("\u2191", "Move line " + (k + 1) + " up", k > 0, function () { swap(k, k - 1); }));
      tools.appendChild(button("\u2193", "Move line " + (k + 1) + " down", k < lines.length - 1, function () { swap(k, k + 1); }));
      tools.appendChild(button("\u2715", "Delete line " + (k + 1), true, function () { lines.splice(k, 1); refresh(); }));
      li.appendChild(tools);
      ol.appendChild(li);
    });
    byId("empty").hidden = lines.length > 0;
    document.querySelectorAll("#units button").forEach(function (b) {
      var id = b.getAttribute("data-unit");
      b.classList.toggle("done", lines.some(function (l) { return l.unit === id; }));
    });
    compose();
    paint();
  }
  function button(text, name, enabled, act) {
    var b = el("button", { type: "button", "aria-label": name, title: name }, text);
    b.disabled = !enabled;
    b.addEventListener("click", act);
    return b;
  }
  function swap(a, b) { var t = lines[a]; lines[a] = lines[b]; lines[b] = t; refresh(); }

  // --- the mail ------------------------------------------------------------------------------------
  function body() {
    var pw = byId("pw").value.trim();
    var out = [D.signon + (pw ? " " + pw : " ")];
    if (byId("check").checked) out.push("CHECK");
    lines.forEach(function (l) { out.push(l.text); });
    out.push("SIGNOFF");
    return out.join("\n") + "\n";
  }
  function compose() {
    var text = body();
    byId("body").value = text;
    byId("to").textContent = D.address;
    byId("subject").textContent = D.subject;
    byId("send").setAttribute("href", "mailto:" + encodeURIComponent(D.address).replace(/%40/g, "@") +
      "?subject=" + encodeURIComponent(D.subject) + "&body=" + encodeURIComponent(text.replace(/\n/g, "\r\n")));
  }
  function copy() {
    var area = byId("body");
    var done = function () { byId("copied").textContent = "Copied: paste it into a mail to " + D.address + "."; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(done, function () { area.select(); document.execCommand("copy"); done(); });
    } else { area.select(); document.execCommand("copy"); done(); }
  }

  // --- start ---------------------------------------------------------------------------------------
  function start() {
    var box = byId("units");
    units.forEach(function (u) {
      var b = el("button", { type: "button", "data-unit": u.id, "aria-pressed": "false" }, u.id + " " + u.name + (u.where ? " \u00b7 " + u.where : ""));
      b.addEventListener("click", function () { select(u); });
      box.appendChild(b);
    });
    if (!units.length) box.appendChild(el("p", { "class": "muted" }, "No unit of yours has an order to give in this phase."));
    var zoom = function () {
      var on = byId("board").classList.toggle("zoomed");
      byId("zoom").setAttribute("aria-pressed", on ? "true" : "false");
    };
    byId("zoom").addEventListener("click", zoom);
    if (window.innerWidth < 700 && svg) zoom();  // a phone: hexes big enough for a finger
    byId("own").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var v = byId("own-line").value.trim();
      if (!v) return;
      addLine({ text: v, unit: "", kind: "other", later: true, why: "typed by hand", at: [] });
      byId("own-line").value = "";
    });
    byId("check").addEventListener("change", compose);
    byId("pw").addEventListener("input", compose);
    byId("copy").addEventListener("click", copy);
    indexBoard();
    refresh();
    document.documentElement.setAttribute("data-ready", "1");
  }
  start();
})();
