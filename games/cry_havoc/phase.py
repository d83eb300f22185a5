"""One side's phase, step by step [CH.SEQ.1]-[CH.SEQ.12]: the same runner validates a message
(on a copy, without dice, collecting every refusal) and resolves it (with dice, cancelling orders
that have become illegal) [CH.SEQ.10].
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Hex

from . import orders as O
from .ammo import do_exchange, exchange_problem
from .combat import Combat, odds, priority_problem, priority_set, reach_set, touching, uncommanded_problem
from .command import check_allocation, commanded
from .effects import Ctx, placement_hexes
from .fire import aim
from .geometry import Body
from .lead import follow, take_lead
from .model import AnimalKind, Character, Condition, Ransom
from .movement import Illegal, fresh_contacts, may_move, plan_foot, plan_horse, reachable_foot, reachable_horse
from .resolve import resolve_combat, resolve_shot
from .state import GameState, Step
from .tables import Weapon


@dataclass(slots=True)
class Run:
    """A phase being run: the orders with their lines, and what each character has done."""

    ctx: Ctx
    orders: list[tuple[int, O.Order]]
    validate: bool
    problems: list[tuple[int, Illegal]] = field(default_factory=list)
    fired: dict[Step, set[str]] = field(default_factory=dict)
    moved: set[str] = field(default_factory=set)
    spent: dict[str, int] = field(default_factory=dict)
    attacked: set[str] = field(default_factory=set)
    commanded: frozenset[str] | None = None
    contact: dict[str, frozenset[str]] = field(default_factory=dict)
    reach: dict[str, frozenset[str]] = field(default_factory=dict)
    """Knight priority in "reach" mode: enemy knights each knight could reach, fixed at step 3 [CH.COMBAT.13]."""

    @property
    def st(self) -> GameState:
        return self.ctx.state

    def refuse(self, line: int, e: Illegal) -> None:
        """A refused order: reported when validating, cancelled when resolving [CH.ODDS.4] [CH.PBEM.24]."""
        if self.validate:
            self.problems.append((line, e))
        else:
            self.ctx.say(f"Order cancelled (line {line}): {e.message} [{e.code}] [CH.SEQ.10].")

    def own(self, line: int, cid: str, prisoner_ok: bool = False) -> bool:
        c = self.st.characters.get(cid)
        ok = c is not None and (
            c.side == self.st.side or (prisoner_ok and c.ransom is Ransom.PRISONER and c.captor == self.st.side)
        )
        if not ok:
            self.refuse(
                line,
                Illegal("CH.TURN.3", f"{cid} is not one of your characters", "order only your own side's characters"),
            )
        return ok


def start_phase(st: GameState) -> None:
    """New phase: fresh phase memory; the opponent's standing corner nominations apply [CH.COVER.9] [CH.COMBAT.13]."""
    st.last = {}
    st.nominees = {}
    for k, v in st.standing.get(st.other(st.side), {}).items():
        if k.startswith("nominate-"):
            st.nominees[k[9:]] = v
    for c in list(st.characters.values()):
        if c.side != st.side and c.attacked_by:
            st.characters[c.id] = replace(c, attacked_by=())


def step_declare(run: Run) -> None:
    """Step 0: phase-long actions, each one whole phase of his side [CH.SEQ.8] [CH.TURN.5] [CH.HORSE.5]
    [CH.HORSE.6]; none unless ordered [CH.PBEM.7].

    A player's own command allocation (``command`` lines) is read at the start of step 3 [CH.COMMAND.7].
    """
    st = run.st
    for line, o in run.orders:
        if isinstance(o, O.Exchange):
            declare_exchange(run, line, o)
            continue
        if not isinstance(o, O.Declare) or not run.own(line, o.who):
            continue
        c = st.characters[o.who]
        try:
            if not c.active or c.stunned:
                raise Illegal("CH.STATE.4", f"{c.id} cannot act this phase")
            if c.action:
                raise Illegal("CH.SEQ.8", f"{c.id} already has a phase-long action")
            if o.action in ("attach", "detach"):
                string_problem(st, c, o.action, o.horse, o.behind)
                run.st.characters[c.id] = replace(c, action=f"{o.action} {o.horse},{o.behind}")
            elif o.action == "mount":
                mount_problem(st, c.id, o.horse)
                run.st.characters[c.id] = replace(c, action=f"mount {o.horse}")
            else:
                if not c.mounted:
                    raise Illegal("CH.HORSE.7", f"{c.id} is not mounted")
                run.st.characters[c.id] = replace(c, action="dismount" + (f" {o.at.q},{o.at.r}" if o.at else ""))
            run.ctx.say(f"{c.id} spends the phase on: {O.canonical(o, st)} [CH.SEQ.8].")
        except Illegal as e:
            run.refuse(line, e)


def declare_exchange(run: Run, line: int, o: O.Exchange) -> None:
    """Step 0: an ammunition exchange binds its live participants for the phase [CH.AMMO.4] [CH.AMMO.5] (b)."""
    st = run.st
    try:
        bound = exchange_problem(st, o.giver, o.taker, o.count)
    except Illegal as e:
        run.refuse(line, e)
        return
    for i, c in enumerate(bound):
        st.characters[c.id] = replace(c, action=f"exchange {o.giver},{o.taker},{o.count}" if i == 0 else "exchange")
    run.ctx.say(f"{o.giver} and {o.taker} spend the phase passing missiles [CH.AMMO.4].")


def string_problem(st: GameState, c: Character, act: str, mule: str, behind: str) -> None:
    """Attach a mule behind the last of a string, or detach one: the man next to the mule [CH.MULE.4]."""
    m = st.animals.get(mule)
    if m is None or m.kind is not AnimalKind.MULE:
        raise Illegal("CH.MULE.4", f"{mule} is not a mule")
    if not any(c.hex.distance(h) == 1 for h in m.hexes):
        raise Illegal("CH.MULE.4", f"{c.id} is not next to {mule}")
    if act == "detach":
        if not m.follows:
            raise Illegal("CH.MULE.4", f"{mule} is not tied to a string")
        return
    last = st.animals.get(behind)
    if last is None or last.kind is not AnimalKind.MULE or last.id == mule or m.follows:
        raise Illegal("CH.MULE.4", f"{mule} cannot be tied behind {behind}")
    if any(a.follows == behind for a in st.animals.values()):
        raise Illegal("CH.MULE.4", f"{behind} is not the last mule of its string")
    if m.body.front.distance(last.body.front) != 1:
        raise Illegal("CH.MULE.4", f"{mule} is not next to {behind}")


def tie_or_untie(run: Run, c: Character, act: str, arg: str) -> None:
    """The attach or detach takes effect at the end of step 5 if still legal [CH.MULE.4] [CH.SEQ.8]."""
    st = run.st
    mule, behind = arg.split(",")
    try:
        string_problem(st, c, act, mule, behind)
    except Illegal as e:
        run.ctx.say(f"{c.id} cannot {act} {mule} after all: {e.message} [{e.code}].")
        return
    st.animals[mule] = replace(st.animals[mule], follows=behind if act == "attach" else "")
    run.ctx.say(f"{c.id} {act}es {mule}" + (f" behind {behind}" if act == "attach" else "") + " [CH.MULE.4].")


def mount_problem(st: GameState, cid: str, hid: str) -> None:
    """Refuse a mount that is not allowed [CH.HORSE.6] [CH.HORSE.10] [CH.HORSE.13] [CH.MULE.1]."""
    c = st.characters[cid]
    h = st.animals.get(hid)
    if h is None or h.kind is not AnimalKind.HORSE or not h.alive:
        raise Illegal(
            "CH.HORSE.6",
            f"{hid} is not a live riderless horse"
            + (" (a mule is never mounted [CH.MULE.1])" if h and h.kind is AnimalKind.MULE else ""),
        )
    if c.mounted:
        raise Illegal("CH.HORSE.6", f"{cid} is already mounted")
    if not c.profile.can_ride:
        raise Illegal("CH.HORSE.6", f"only knights and men who started mounted may mount; {cid} has no mounted counter")
    if c.condition is not Condition.UNWOUNDED:
        raise Illegal("CH.HORSE.10", f"{cid} is wounded and may not mount")
    if not any(c.hex.distance(x) == 1 for x in h.hexes):
        raise Illegal("CH.HORSE.6", f"{cid} is not next to {hid}")


def step_fire(run: Run, step: Step) -> None:
    """Steps 1, 2, 4: each archer fires at most once in the step, in the order written [CH.SEQ.2]-[CH.SEQ.5]."""
    st = run.st
    done = run.fired.setdefault(step, set())
    for line, o in run.orders:
        if not isinstance(o, O.Fire) or not run.own(line, o.firer):
            continue
        c = st.characters[o.firer]
        w = c.profile.weapon
        mine = (o.second and step is Step.SHORTBOW_2) or (
            not o.second
            and (
                (step is Step.SHORTBOW_1 and w is not Weapon.CROSSBOW)
                or (step is Step.CROSSBOW and w is Weapon.CROSSBOW)
            )
        )
        if not mine:
            continue
        try:
            if c.id in done:
                raise Illegal("CH.SEQ.2", f"{c.id} has already fired in this step")
            t = st.characters.get(o.target) or st.animals.get(o.target)
            if t is None:
                raise Illegal("CH.FIRE.2", f"there is no target {o.target}")
            shot = aim(st, c, step, t, o.hex, o.line)
        except Illegal as e:
            run.refuse(line, e)
            continue
        done.add(c.id)
        if step is Step.CROSSBOW:
            st.characters[c.id] = replace(st.characters[c.id], fired_phase=st.phase_no)  # [CH.SEQ.4]
        if not run.validate:
            resolve_shot(run.ctx, shot)


def step_move(run: Run) -> None:
    """Step 3: characters move one at a time, each once [CH.MOVE.4] [CH.SEQ.11]."""
    st = run.st
    if st.config.priority.value == "reach":
        run.reach = {k.id: reach_set(st, k) for k in st.live(st.side) if k.profile.is_knight}
    if st.config.options__command_control:
        wanted = [(n, o) for n, o in run.orders if isinstance(o, O.Command)]
        owner = None
        if wanted:
            problems = check_allocation(st, st.side, [(o.boss, o.men) for _, o in wanted])
            if problems:
                run.refuse(wanted[0][0], Illegal("CH.COMMAND.7", "; ".join(problems)))
            else:
                owner = {cid: o.boss for _, o in wanted for cid in o.men}
        run.commanded = commanded(st, st.side, owner)
        run.contact = {
            c.id: frozenset(e.id for e in st.enemies_adjacent(list(c.hexes), c.side)) for c in st.live(st.side)
        }
        out = sorted(c.id for c in st.live(st.side) if c.id not in run.commanded and c.ransom is not Ransom.PRISONER)
        run.ctx.say(
            f"Command: {len(run.commanded)} under command"
            + (f"; out of command: {', '.join(out)}" if out else "")
            + " [CH.COMMAND.6]."
        )
    for line, o in run.orders:
        if isinstance(o, O.Escape) and run.own(line, o.who):
            try_escape(run, line, o.who)
    guarded = [p.id for p in st.characters.values() if p.captor == st.side and p.body and escort_valid(st, p.id)]
    _moves(run)
    escorts_stay(run, sorted(guarded))


def escorts_stay(run: Run, guarded: list[str]) -> None:
    """An escort stays next to his prisoner at all times: a movement step of the captor may not leave a prisoner
    whose escort was valid without one; the last move of the prisoner or of an escort member is refused
    [CH.RANSOM.6] (name another escort, or move the prisoner along)."""
    st = run.st
    for pid in guarded:
        p = st.characters[pid]
        if p.ransom is not Ransom.PRISONER or p.body is None or escort_valid(st, pid):
            continue
        moved = [n for n, o in run.orders if isinstance(o, O.Move) and o.who in (pid, *p.escort)]
        if moved:
            run.refuse(
                moved[-1], Illegal("CH.RANSOM.6", f"{pid}'s escort ({', '.join(p.escort)}) must stay next to him")
            )


def _moves(run: Run) -> None:
    """Step 3's moves, escort designations and exits, in the order written [CH.MOVE.4]."""
    for line, o in run.orders:
        if isinstance(o, O.Move) and run.own(line, o.who, prisoner_ok=True):
            try:
                move_one(run, o)
            except Illegal as e:
                run.refuse(line, e)
        elif isinstance(o, O.Escort):
            try:
                designate_escort(run, o)
            except Illegal as e:
                run.refuse(line, e)
        elif isinstance(o, O.Leave) and run.own(line, o.who, prisoner_ok=True):
            try:
                leave(run, o.who)
            except Illegal as e:
                run.refuse(line, e)


def move_one(run: Run, o: O.Move) -> None:
    """One character's move, leading an animal if ordered (lead.py) [CH.HORSE.12]."""
    st = run.st
    c = st.characters[o.who]
    if c.id in run.moved:
        raise Illegal("CH.MOVE.4", f"{c.id} has already moved this phase")
    if c.ransom is Ransom.PRISONER and c.captor != st.side:
        raise Illegal("CH.RANSOM.8", f"{c.id} is a prisoner: only his captor moves him")
    if c.ransom is not Ransom.PRISONER:
        may_move(st, c, c.fired_phase == st.phase_no and c.profile.weapon is Weapon.CROSSBOW)
    elif c.stunned:
        raise Illegal("CH.RANSOM.4", f"{c.id} is stunned: movement 0")
    ok = run.commanded is None or c.id in run.commanded or c.ransom is Ransom.PRISONER
    fresh = fresh_contacts(st, c, ok)
    if c.mounted:
        if o.to is not None:
            reach = reachable_horse(st, c)
            goals = sorted(
                (v[0], k.facing or 0, v[1])
                for k, v in reach.items()
                if k.front == o.to and (o.facing is None or k.facing == o.facing)
            )
            if not goals:
                raise Illegal(
                    "CH.MOVE.2",
                    f"{c.id} cannot reach {st.board.label(o.to)} this phase",
                    _reach_hint(st, [b.front for b in reach]),
                )
            steps = list(goals[0][2])
        else:
            steps = list(o.steps)
        if o.path:
            raise Illegal("CH.HORSE.3", f"{c.id} is mounted: give steps (F0 F+1 F-1 P+1 P-1 B) or 'to HEX'")
        plan = plan_horse(st, c, steps)
    else:
        if o.steps:
            raise Illegal("CH.HORSE.3", f"{c.id} is on foot: give hexes or 'to HEX'")
        path = list(o.path)
        if o.to is not None:
            foot = reachable_foot(st, c, fresh)
            if o.to not in foot:
                raise Illegal(
                    "CH.MOVE.2", f"{c.id} cannot reach {st.board.label(o.to)} this phase", _reach_hint(st, list(foot))
                )
            path = list(foot[o.to][1])
        plan = plan_foot(st, c, path, fresh)
    if o.lead:
        led = take_lead(st, c, o.lead)
        for moved in follow(st, replace(c, body=plan.bodies[-1]), led, [b.front for b in plan.bodies]):
            st.animals[moved.id] = moved
        run.ctx.say(f"{c.id} leads {led.id} to {st.where(st.animals[led.id].body)} [CH.HORSE.12].")
    st.characters[c.id] = replace(c, body=plan.bodies[-1], leading=o.lead or "")
    run.moved.add(c.id)
    run.spent[c.id] = plan.mp
    st.last.setdefault("moves", []).append([[b.front.q, b.front.r] for b in plan.bodies])
    run.ctx.say(f"{c.id} moves to {st.where(plan.bodies[-1])} ({plan.mp} MP) [CH.MOVE.1].")


def _reach_hint(st: GameState, hexes: list[Hex]) -> str:
    labels = sorted(st.board.label(h) for h in hexes)
    labels = sorted(set(labels))
    return "reachable: " + (", ".join(labels[:15]) + (" ..." if len(labels) > 15 else "") if labels else "nothing")


def leave(run: Run, cid: str) -> None:
    """Leave the map across an exit edge of his side, for 1 MP [CH.MOVE.12] [CH.STATE.8]."""
    st = run.st
    c = st.characters[cid]
    if not c.active and c.ransom is not Ransom.PRISONER:
        raise Illegal("CH.MOVE.12", f"{cid} cannot leave the map")
    side = c.captor if c.ransom is Ransom.PRISONER else c.side
    edges = st.exits.get(side, ())
    if c.ransom is Ransom.PRISONER:
        # [CH.RANSOM.13] a prisoner is ransomed off his captor's friendly edge, with a valid escort
        edges = st.friendly_edges.get(side, ()) or edges
        if not escort_valid(st, cid):
            raise Illegal("CH.RANSOM.6", f"{cid} has no valid escort next to him: he cannot be led off")
    off = (
        [n for n in c.body.front.neighbours() if not st.board.on_map(n) and st.board.edge_of(n) in edges]
        if c.body
        else []
    )
    if not off:
        raise Illegal(
            "CH.MOVE.12", f"{cid} is not on an exit edge of {side} ({', '.join(e.value for e in edges) or 'none'})"
        )
    if run.spent.get(cid, 0) + 1 > st.values(c).move and c.ransom is not Ransom.PRISONER:
        raise Illegal("CH.MOVE.2", f"{cid} has no MP left to leave the map")
    run.moved.add(cid)
    st.characters[cid] = replace(c, body=None, leading="")
    if c.ransom is Ransom.PRISONER:
        st.characters[cid] = replace(st.characters[cid], ransom=Ransom.RANSOMED)
        st.ransomed.setdefault(side, []).append(cid)
        run.ctx.say(f"{cid} is led off the map and ransomed [CH.RANSOM.13].")
    else:
        st.exited.setdefault(side, []).append(cid)
        run.ctx.say(f"{cid} leaves the map [CH.MOVE.12].")


def try_escape(run: Run, line: int, cid: str) -> None:
    """A prisoner whose escort is not valid may escape at the start of step 3, if his side orders it
    (default: no escape) [CH.RANSOM.9] [CH.RANSOM.10] [CH.PBEM.21]."""
    st = run.st
    c = st.characters[cid]
    if c.ransom is not Ransom.PRISONER:
        run.refuse(line, Illegal("CH.RANSOM.10", f"{cid} is not a prisoner"))
        return
    if escort_valid(st, cid):
        run.refuse(line, Illegal("CH.RANSOM.10", f"{cid}'s escort is still valid: he cannot escape"))
        return
    st.characters[cid] = replace(c, ransom=Ransom.ESCAPED, captor="", escort=(), quarter=False)
    run.ctx.say(f"{cid} escapes [CH.RANSOM.10].")


def designate_escort(run: Run, o: O.Escort) -> None:
    """The captor names the escort from his men next to the prisoner, in his movement step
    [CH.RANSOM.7] [CH.PBEM.20]."""
    st = run.st
    p = st.characters.get(o.prisoner)
    if p is None or p.ransom is not Ransom.PRISONER or p.captor != st.side:
        raise Illegal("CH.RANSOM.7", f"{o.prisoner} is not your prisoner")
    for eid in o.escort:
        e = st.characters.get(eid)
        if e is None or e.side != st.side or not e.active or e.profile.escort == "none":
            raise Illegal("CH.RANSOM.6", f"{eid} cannot escort a prisoner")
    st.characters[p.id] = replace(p, escort=o.escort)
    if not escort_valid(st, p.id):
        st.characters[p.id] = p
        raise Illegal("CH.RANSOM.6", "an escort is one knight or sergeant, or two men, all next to the prisoner")
    run.ctx.say(f"{p.id} is escorted by {', '.join(o.escort)} [CH.RANSOM.7].")


def escort_valid(st: GameState, pid: str) -> bool:
    """One full or two half escorts, live, not stunned, adjacent [CH.RANSOM.6]."""
    p = st.characters[pid]
    worth = 0
    for eid in p.escort:
        e = st.characters.get(eid)
        if e is None or not e.active or e.stunned or not touching(st, e, p):
            continue
        worth += {"full": 2, "half": 1}.get(e.profile.escort, 0)
    return worth >= 2


def step_combat(run: Run) -> None:
    """Step 5: combats in the order written, then knights' unmet duties [CH.COMBAT.1] [CH.COMBAT.13] [CH.PBEM.27]."""
    st = run.st
    for line, o in run.orders:
        if not isinstance(o, O.Attack):
            continue
        if not all(run.own(line, a) for a in o.attackers):
            continue
        fight(run, line, Combat(o.attackers, o.defenders))
    if st.config.priority.value != "adjacent":
        return
    for k in list(st.live(st.side)):
        if k.id in run.attacked or not k.profile.is_knight:
            continue
        s = priority_set(st, k)
        if not s:
            continue
        options = []
        for e in s:
            try:
                options.append((-odds(st, Combat((k.id,), (e.id,))).column, e.id))
            except Illegal:
                continue
        if options:
            target = min(options)[1]
            run.ctx.say(
                f"{k.id} must fight the enemy knight: the engine adds {k.id} against {target}"
                " [CH.COMBAT.13] [CH.PBEM.27]."
            )
            fight(run, 0, Combat((k.id,), (target,), default=True))


def fight(run: Run, line: int, cb: Combat) -> None:
    st = run.st
    try:
        od = odds(st, cb, run.attacked)
        why = priority_problem(st, cb, run.reach) or uncommanded_problem(st, cb, run.commanded, run.contact)
        if why:
            from .movement import rule_of

            raise Illegal(rule_of(why), why)
    except Illegal as e:
        run.refuse(line, e)
        return
    run.attacked |= set(cb.attackers)  # [CH.RANSOM.3] a withdrawn attack still uses the attack
    for aid in cb.attackers:
        c = st.characters[aid]
        if c.ransom is Ransom.PRISONER:  # [CH.RANSOM.10] case 2: joining the attack is his escape
            st.characters[aid] = replace(c, ransom=Ransom.ESCAPED, captor="", escort=(), quarter=False)
            run.ctx.say(f"{aid} joins the attack on his escort and escapes [CH.RANSOM.10].")
    if not run.validate:
        resolve_combat(run.ctx, cb, od)


def finish_actions(run: Run) -> None:
    """Phase-long actions take effect at the end of step 5 if still legal [CH.SEQ.8] [CH.HORSE.6] [CH.HORSE.7]."""
    st = run.st
    for c in list(st.live(st.side)):
        if not c.action:
            continue
        act, _, arg = c.action.partition(" ")
        st.characters[c.id] = c = replace(c, action="")
        if not c.active or c.stunned:
            continue
        if act == "mount":
            try:
                mount_problem(st, c.id, arg)
            except Illegal as e:
                run.ctx.say(f"{c.id} cannot mount after all: {e.message} [{e.code}].")
                continue
            horse = st.animals.pop(arg)
            st.characters[c.id] = replace(c, body=horse.body, mounted=True)
            run.ctx.say(f"{c.id} mounts {arg} at {st.where(horse.body)} [CH.HORSE.6].")
        elif act == "dismount" and c.mounted and c.body is not None:
            dismount_now(run, c.id, arg)
        elif act in ("attach", "detach"):
            tie_or_untie(run, c, act, arg)
        elif act == "exchange" and arg:
            giver, taker, n = arg.split(",")
            run.ctx.say(do_exchange(st, giver, taker, int(n)))


def dismount_now(run: Run, cid: str, arg: str) -> None:
    """Voluntary dismount: the rider is placed beside his horse, which stays riderless [CH.HORSE.7] [CH.PBEM.18]."""
    from .model import Animal

    st = run.st
    c = st.characters[cid]
    assert c.body is not None
    horse = c.body
    st.characters[cid] = replace(c, body=None)
    spots = placement_hexes(st, horse, None)
    want = Hex(*map(int, arg.split(","))) if arg else None
    place = want if want in spots else (spots[0] if spots else horse.front)
    hid = f"{cid}-horse"
    n = 2
    while hid in st.animals:
        hid, n = f"{cid}-horse{n}", n + 1
    st.animals[hid] = Animal(hid, AnimalKind.HORSE, "", horse)
    st.characters[cid] = replace(c, body=Body(place), mounted=False)
    run.ctx.say(f"{cid} dismounts at {st.board.label(place)}; {hid} stands riderless [CH.HORSE.7].")


def recovery(run: Run) -> None:
    """Step 6: stunned men of the phasing side get up, unwounded and on foot [CH.SEQ.7] [CH.STATE.5]."""
    st = run.st
    for c in list(st.live(st.side)):
        if c.stunned:
            st.characters[c.id] = replace(c, condition=Condition.UNWOUNDED)
            run.ctx.say(f"{c.id} recovers from his stun [CH.SEQ.7].")


def run_phase(run: Run) -> None:
    """Steps 0-6 of the phasing side's phase [CH.SEQ.1]."""
    st = run.st
    start_phase(st)
    for _, o in run.orders:
        if isinstance(o, O.Standing):
            st.standing.setdefault(st.side, {})[o.key] = o.value
    step_declare(run)
    step_fire(run, Step.SHORTBOW_1)
    step_fire(run, Step.CROSSBOW)
    step_move(run)
    step_fire(run, Step.SHORTBOW_2)
    step_combat(run)
    finish_actions(run)
    recovery(run)
