// Progressive enhancement only: every page works without this file.
// Arrow keys follow the page's rel="prev" / rel="next" links (turns and events).
(function () {
  "use strict";
  var prev = document.querySelector('link[rel="prev"]');
  var next = document.querySelector('link[rel="next"]');
  if (!prev && !next) { return; }
  var pager = document.querySelector(".pager");
  if (pager) {
    var hint = document.createElement("span");
    hint.className = "keys";
    hint.innerHTML = "Keys: <kbd>\u2190</kbd> previous, <kbd>\u2192</kbd> next";
    pager.appendChild(hint);
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) { return; }
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
    var link = e.key === "ArrowLeft" ? prev : e.key === "ArrowRight" ? next : null;
    if (link) { window.location.href = link.href; }
  });
})();
