#!/usr/bin/env python3
"""hunter.py: a rule-based Admiral player for the JSON-lines player protocol.

Usage: python3 players/hunter.py [SEED] [--log FILE]

Written from doc/rules.md and doc/player-protocol.md alone; standard library only.
It tracks what every enemy marker can still be, scores every legal action by an
expected-material judgement (sampled worlds for attacks), a one-reply risk model and
a few positional habits (hunt identified units with the weakest sure winner, probe
with cheap units, keep the carrier back and guarded, keep ships in groups, press on
towards the enemy's bases when ahead or when the quiet-ply draw comes near).
"""
import json
import math
import random
import re
import sys
import time
import traceback

KINDS = "CV BB CR RD DD PS TB CS MS SS AC TP MN SM FS AB NB".split()
COUNT = dict(CV=1, BB=2, CR=6, RD=2, DD=6, PS=6, TB=6, CS=1, MS=6, SS=6,
             AC=1, TP=4, MN=6, SM=1, FS=1, AB=1, NB=2)
STRENGTH = dict(BB=15, CR=7, RD=8, DD=5, PS=2, TB=3, CS=6, MS=1, SS=4)
SCALE = set(STRENGTH)
SHIPS = SCALE | {"CV"}
FORM = {}
for _rank, _grp in [(21, "BB BB"), (20, "CR CR CR"), (19, "RD RD DD"), (18, "CR CR"),
                    (17, "CS SS SS"), (16, "SS SS SS"), (15, "BB"), (14, "RD RD"),
                    (13, "DD DD DD"), (12, "RD DD"), (11, "DD DD"), (10, "CS SS"),
                    (9, "SS SS"), (8, "RD"), (7, "CR"), (6, "CS"), (5, "DD"), (4, "SS"),
                    (3, "TB"), (2, "PS"), (1, "MS")]:
    FORM[tuple(sorted(_grp.split()))] = _rank
VAL = dict(CV=9.0, BB=15.0, CR=8.0, RD=10.0, DD=5.0, PS=2.0, TB=3.0, CS=6.0, MS=2.5,
           SS=4.0, AC=13.0, TP=3.0, MN=1.5, SM=1.0, FS=4.0, AB=5.0, NB=40.0)
COLS = "abcdefghijklmn"
TETHER = {"AC": "CV", "TP": "TB", "MN": "DD"}
CARRIES = {"CV": "AC", "TB": "TP", "DD": "MN"}
PROBES = {"MS", "PS", "TB", "SS"}
BIG = {"BB", "CR", "RD", "CS"}

ACT_RE = re.compile(r"^([a-n]\d+)(?:-([a-n]\d+))?(?:x([a-n]\d+)(?:\(([^)]*)\))?)?(!)?$")


def sq(name):
    return (COLS.index(name[0]), int(name[1:]))


def sqname(s):
    return COLS[s[0]] + str(s[1])


def onboard(s):
    return 0 <= s[0] < 14 and 1 <= s[1] <= 15


def nb4(s):
    c, r = s
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        t = (c + dc, r + dr)
        if 0 <= t[0] < 14 and 1 <= t[1] <= 15:
            out.append(t)
    return out


def nb8(s):
    c, r = s
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if dc or dr:
                t = (c + dc, r + dr)
                if 0 <= t[0] < 14 and 1 <= t[1] <= 15:
                    out.append(t)
    return out


def manh(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def parse_action(a):
    m = ACT_RE.match(a)
    if not m:
        return None
    src = sq(m.group(1))
    dst = sq(m.group(2)) if m.group(2) else None
    tgt = sq(m.group(3)) if m.group(3) else None
    partners = [sq(p.strip()) for p in m.group(4).split(",") if p.strip()] if m.group(4) else []
    return dict(src=src, dst=dst, tgt=tgt, partners=partners, det=bool(m.group(5)))


def best_group_rank(kind_at, target, members_ok):
    """Best formation rank containing `target`, with kind_at(square) giving kinds of the
    same side's units (None for not a scale ship), members_ok(square) whether usable."""
    t = kind_at(target)
    if t not in SCALE:
        return 0
    best = STRENGTH[t] and FORM[(t,)]
    n1 = [s for s in nb4(target) if members_ok(s) and kind_at(s) in SCALE]
    for a in n1:
        ka = kind_at(a)
        r = FORM.get(tuple(sorted((t, ka))))
        if r and r > best:
            best = r
        cand = set(n1) | set(nb4(a))
        for b in cand:
            if b == a or b == target or not members_ok(b):
                continue
            kb = kind_at(b)
            if kb not in SCALE:
                continue
            r = FORM.get(tuple(sorted((t, ka, kb))))
            if r and r > best:
                best = r
    return best


# ----------------------------------------------------------------------------------------
# Layout (own perspective: first line is the front row, left to right from own seat)
BASE_LAYOUT = [
    "MS SS SS SS PS TB TP .  TB TP PS SS SS CS",
    "FS CR CR CR .  DD RD RD DD .  BB BB .  MS",
    "PS MS TB .  CR CR CR DD CV AC .  TB MS PS",
    "DD MN MN TB TP .  SS .  PS TP TB MN MN DD",
    "MN NB SM .  MS AB DD .  .  PS .  MS NB MN",
]


def make_layout(rng):
    grid = [row.split() for row in BASE_LAYOUT]
    if rng.random() < 0.5:
        grid = [list(reversed(row)) for row in grid]
    # swap a few interchangeable cheap front/back squares
    front = grid[0]
    idx = [i for i, t in enumerate(front) if t in ("MS", "PS")]
    if len(idx) >= 2 and rng.random() < 0.5:
        i, j = rng.sample(idx, 2)
        front[i], front[j] = front[j], front[i]
    cnt = {}
    for row in grid:
        assert len(row) == 14
        for t in row:
            if t != ".":
                cnt[t] = cnt.get(t, 0) + 1
    assert cnt == COUNT, cnt
    assert "NB" not in grid[0]
    return "\n".join(" ".join(row) for row in grid)


# ----------------------------------------------------------------------------------------
class Marker:
    __slots__ = ("poss", "moved", "nmoves", "label")

    def __init__(self):
        self.poss = set(KINDS)
        self.moved = False
        self.nmoves = 0
        self.label = None


class Player:
    def __init__(self, seed, logf):
        self.seed = seed
        self.rng = random.Random(seed)
        self.logf = logf
        self.side = None
        self.enemy = None
        self.markers = {}          # square -> Marker
        self.own_prev = {}         # square -> previous square of the unit now there
        self.visits = {}           # square -> times an own unit moved onto it
        self.times = []
        self.enemy_ac_seen = None  # last square of enemy aircraft strike
        self.n_err = 0
        self.own_unmoved = None

    # ---------------------------------------------------------------- logging
    def log(self, msg):
        if self.logf:
            try:
                self.logf.write(msg + "\n")
                self.logf.flush()
            except Exception:
                pass

    # ---------------------------------------------------------------- geometry helpers
    def rel(self, s):
        """row counted from own back row: 1..15"""
        return s[1] if self.side == "south" else 16 - s[1]

    # ---------------------------------------------------------------- view parsing
    def parse_view(self, view):
        self.own = {}
        seen = {}
        lines = view["cells"].split("\n")
        for i, line in enumerate(lines):
            r = 15 - i
            toks = line.split()
            for c, t in enumerate(toks):
                if t == ".":
                    continue
                if t.startswith("?"):
                    seen[(c, r)] = t[1:].upper() or None
                else:
                    self.own[(c, r)] = t.upper()
        # reconcile markers
        for s in list(self.markers):
            if s not in seen:
                del self.markers[s]
        for s, lab in seen.items():
            m = self.markers.get(s)
            if m is None:
                m = Marker()
                self.markers[s] = m
            if lab and lab in COUNT:
                m.poss = {lab}
                m.label = lab
        for name in view.get("moved_markers") or []:
            try:
                s = sq(name)
            except Exception:
                continue
            m = self.markers.get(s)
            if m and not m.moved:
                m.moved = True
                m.poss.discard("NB")
                m.poss.discard("SM")
                if not m.poss:
                    m.poss = set(KINDS) - {"NB", "SM"}
        self.exposed = set()
        for name in view.get("exposed") or []:
            try:
                self.exposed.add(sq(name))
            except Exception:
                pass
        self.own_losses = dict(zip(KINDS, view.get("own_losses") or [0] * 17))
        self.enemy_losses = dict(zip(KINDS, view.get("enemy_losses") or [0] * 17))
        self.ply = view.get("ply", 0)
        self.quiet = view.get("quiet_plies", 0)

    def setkind(self, s, kind):
        m = self.markers.get(s)
        if m is not None and kind in COUNT:
            m.poss = {kind}
            m.label = kind

    def process_history(self, history):
        for h in history or []:
            side = h.get("side")
            evs = h.get("events") or []
            self.log("  seen %s %s" % (side, h.get("action")))
            for e in evs:
                t = e.get("type")
                try:
                    if t == "moved":
                        a, b = sq(e["from"]), sq(e["to"])
                        if side == self.side:
                            if self.own_unmoved is not None:
                                self.own_unmoved.discard(a)
                            self.own_prev[b] = a
                            self.visits[b] = self.visits.get(b, 0) + 1
                            self.own_prev.pop(a, None)
                        else:
                            m = self.markers.pop(a, None) or Marker()
                            m.moved = True
                            m.nmoves += 1
                            m.poss.discard("NB")
                            m.poss.discard("SM")
                            # a weapon only moves beside a carrier-looking marker
                            near = [x for x in set(nb8(a)) | set(nb8(b)) if x in self.markers and x != a]
                            if not near:
                                for k in ("AC", "TP", "MN"):
                                    m.poss.discard(k)
                            if not m.poss:
                                m.poss = set(KINDS) - {"NB", "SM"}
                            self.markers[b] = m
                    elif t == "struck":
                        att, tgt = e["attacker"], e["target"]
                        self.log("  event struck %s %s@%s -> %s@%s (%s)" % (
                            side, att.get("kind"), att.get("square"), tgt.get("kind"),
                            tgt.get("square"), e.get("weapon")))
                        if side != self.side:
                            self.setkind(sq(att["square"]), att.get("kind"))
                            if att.get("kind") == "AC":
                                acs = sq(att["square"])
                                self.enemy_ac_seen = acs
                                around = set(nb8(acs))
                                for s, m in self.markers.items():
                                    if s not in around and len(m.poss) > 1:
                                        m.poss.discard("CV")
                        else:
                            self.setkind(sq(tgt["square"]), tgt.get("kind"))
                    elif t == "battle":
                        self.log("  event battle %s att=%s def=%s %s-%s winner=%s" % (
                            side,
                            ",".join("%s@%s" % (x.get("kind"), x.get("square")) for x in e.get("attackers", [])),
                            ",".join("%s@%s" % (x.get("kind"), x.get("square")) for x in e.get("defenders", [])),
                            e.get("attack_strength"), e.get("defense_strength"), e.get("winner")))
                        grp = e.get("defenders", []) if side == self.side else e.get("attackers", [])
                        for x in grp:
                            self.setkind(sq(x["square"]), x.get("kind"))
                    elif t == "destroyed":
                        self.log("  event destroyed %s %s@%s" % (e.get("side"), e.get("kind"), e.get("square")))
                        if e.get("side") != self.side:
                            self.markers.pop(sq(e["square"]), None)
                    elif t == "detonated":
                        self.log("  event detonated %s at %s" % (e.get("side"), e.get("at")))
                    elif t == "ended":
                        self.log("  event ended %s" % json.dumps(e.get("outcome")))
                except Exception as ex:
                    self.log("error in event %s: %r" % (json.dumps(e)[:200], ex))

    # ---------------------------------------------------------------- beliefs
    def beliefs(self):
        known = {k: 0 for k in KINDS}
        unknown = []
        for s, m in self.markers.items():
            if len(m.poss) == 1:
                known[next(iter(m.poss))] += 1
            else:
                unknown.append(s)
        rem = {k: max(0, COUNT[k] - self.enemy_losses.get(k, 0) - known[k]) for k in KINDS}
        # elimination by counts (iterate: new singletons change counts)
        for _ in range(4):
            changed = False
            for s in list(unknown):
                m = self.markers[s]
                newp = {k for k in m.poss if rem[k] > 0}
                if newp and newp != m.poss:
                    m.poss = newp
                    changed = True
                if len(m.poss) == 1:
                    k = next(iter(m.poss))
                    unknown.remove(s)
                    rem[k] = max(0, rem[k] - 1)
                    changed = True
            if not changed:
                break
        self.rem = rem
        # Sinkhorn-style marginals
        prob = {}
        rows = {}
        for s in unknown:
            m = self.markers[s]
            w = {}
            for k in m.poss:
                if rem[k] <= 0:
                    continue
                f = 1.0
                if not m.moved:
                    if k in ("MN", "TP", "CV", "AC"):
                        f = 1.5
                else:
                    if k in ("MN", "TP"):
                        f = 0.5
                    if m.nmoves >= 4 and k in ("CV", "AC", "MN", "TP"):
                        f *= 0.5
                w[k] = f
            if not w:
                w = {k: 1.0 for k in KINDS if rem[k] > 0 and (m.moved is False or k not in ("NB", "SM"))} or {"PS": 1.0}
            rows[s] = w
        for _ in range(5):
            col = {k: 0.0 for k in KINDS}
            for w in rows.values():
                for k, v in w.items():
                    col[k] += v
            for w in rows.values():
                for k in w:
                    if col[k] > 0:
                        w[k] *= rem[k] / col[k] if rem[k] > 0 else 0.0
                tot = sum(w.values())
                if tot <= 0:
                    for k in w:
                        w[k] = 1.0
                    tot = float(len(w))
                for k in w:
                    w[k] /= tot
        for s, m in self.markers.items():
            if s in rows:
                prob[s] = rows[s]
            else:
                prob[s] = {next(iter(m.poss)): 1.0}
        self.prob = prob
        # cumulative tables for sampling
        self.cum = {}
        for s, d in prob.items():
            ks = list(d.keys())
            acc = []
            t = 0.0
            for k in ks:
                t += d[k]
                acc.append(t)
            self.cum[s] = (ks, acc, t)

    def sample_kind(self, s, rnd):
        ks, acc, t = self.cum[s]
        x = rnd() * t
        for k, a in zip(ks, acc):
            if x <= a:
                return k
        return ks[-1]

    def known(self, s):
        m = self.markers.get(s)
        if m is not None and len(m.poss) == 1:
            return next(iter(m.poss))
        return None

    # ---------------------------------------------------------------- values
    def own_val(self, k):
        if k == "NB":
            left = COUNT["NB"] - self.own_losses.get("NB", 0)
            return 1000.0 if left <= 1 else 60.0
        if k == "CV":
            return VAL["CV"] + (18.0 if self.own_losses.get("AC", 0) == 0 else 0)
        if k == "AC":
            return 18.0
        return VAL[k]

    def en_val(self, k):
        if k == "NB":
            left = COUNT["NB"] - self.enemy_losses.get("NB", 0)
            return 1000.0 if left <= 1 else 60.0
        if k == "CV":
            return VAL["CV"] + (VAL["AC"] if self.enemy_losses.get("AC", 0) == 0 else 0)
        return VAL[k]

    # ---------------------------------------------------------------- risk model
    def own_def_rank(self, s, kind, own):
        if kind not in SCALE:
            return 0
        return best_group_rank(lambda x: kind if x == s else own.get(x), s, lambda x: True)

    def enemy_att_rank(self, ms, k):
        """rank of enemy attacking from around ms with kind k plus identified partners"""
        if k not in SCALE:
            return 0
        def kind_at(x):
            if x == ms:
                return k
            return self.known(x)
        return best_group_rank(kind_at, ms, lambda x: x in self.markers)

    def enemy_gain_vs(self, k, ms, ukind, udef, armed_tp):
        """(my loss, enemy loss) if an enemy unit of kind k at ms attacks my ukind."""
        mv = self.own_val(ukind)
        ev = self.en_val(k)
        if k in SCALE:
            if ukind == "NB":
                return mv, 0.0
            if ukind == "CV":
                return mv, 0.0
            if ukind == "AC":
                return (mv, 0.0) if k in ("BB", "RD") else (0.0, ev)
            if ukind == "MN":
                return (mv, 0.0) if k == "MS" else (mv, ev)
            if ukind == "SM":
                return mv, ev
            if ukind == "TP":
                return (mv, ev) if armed_tp else (mv, 0.0)
            if ukind == "FS":
                return mv, ev
            if ukind == "AB":
                return mv + 6.0, ev
            ar = self.enemy_att_rank(ms, k)
            if ar > udef:
                return mv, 0.0
            if ar < udef:
                return 0.0, ev
            return mv, ev
        if k == "FS":
            if ukind == "AC":
                return 0.0, 0.0
            return mv, (0.0 if ukind == "NB" else ev)
        return 0.0, 0.0

    def risk(self, kind, s, exposed, own, occupied_fn):
        """Expected loss to my unit `kind` standing on s from the enemy's best reply."""
        if kind in ("MN", "SM") and not exposed:
            return 0.0
        if kind == "AB":
            threatened = any(manh(ms, s) <= 2 for ms in self.markers)
            if not threatened:
                return 0.0
            ml = sum(self.own_val(k) for x, k in own.items() if cheb(x, s) <= 2 and x != s)
            return 0.6 * ml + 1.0
        udef = self.own_def_rank(s, kind, own) if kind in SCALE else 0
        armed = kind == "TP" and any(own.get(x) == "TB" for x in nb8(s))
        best = 0.0
        c, r = s
        for ms, d in self.prob.items():
            dist = abs(ms[0] - c) + abs(ms[1] - r)
            if dist > 5:
                continue
            val = 0.0
            if dist <= 2:
                reach = dist == 1
                if not reach:
                    for q in nb4(ms):
                        if manh(q, s) == 1 and not occupied_fn(q):
                            reach = True
                            break
                if reach:
                    for k, p in d.items():
                        if p <= 0.0:
                            continue
                        if k in SCALE or k == "FS":
                            ml, el = self.enemy_gain_vs(k, ms, kind, udef, armed)
                            g = ml - el
                            if g > 0:
                                val += p * g
            # aircraft strike (possibly after one move)
            pac = d.get("AC", 0.0)
            if pac > 0.02:
                dc, dr = abs(ms[0] - c), abs(ms[1] - r)
                if (dc <= 1 and dr <= 4) or (dr <= 1 and dc <= 4):
                    if kind in ("BB", "RD"):
                        pass
                    elif kind in SHIPS or kind == "NB":
                        val += pac * self.own_val(kind) * 0.8
            ptp = d.get("TP", 0.0)
            if ptp > 0.05 and kind in SHIPS:
                dc, dr = abs(ms[0] - c), abs(ms[1] - r)
                if (dc <= 1 and dr <= 2) or (dr <= 1 and dc <= 2) or (dc == 0 and dr <= 3) or (dr == 0 and dc <= 3):
                    if any(x in self.markers for x in nb8(ms)):
                        val += ptp * (self.own_val(kind) - VAL["TP"]) * 0.6
            pab = d.get("AB", 0.0)
            if pab > 0.3:
                if cheb(ms, s) <= 3:
                    val += pab * self.own_val(kind) * 0.3
            if val > best:
                best = val
        if not exposed:
            best *= 0.45 if kind not in ("CV", "NB") else 0.7
        return best

    # ---------------------------------------------------------------- distance maps
    def bfs(self, sources, blocked):
        dist = {}
        frontier = []
        for s in sources:
            dist[s] = 0
            frontier.append(s)
        d = 0
        while frontier:
            d += 1
            nxt = []
            for s in frontier:
                for t in nb4(s):
                    if t in dist or t in blocked:
                        continue
                    dist[t] = d
                    nxt.append(t)
            frontier = nxt
        return dist

    # ---------------------------------------------------------------- attack evaluation
    def attack_samples(self, tgt, n):
        """sampled worlds around a target marker: list of dicts square->kind"""
        around = [x for x in self.markers if cheb(x, tgt) <= 2]
        rnd = self.rng.random
        out = []
        for _ in range(n):
            w = {}
            for x in around:
                w[x] = self.sample_kind(x, rnd)
            out.append(w)
        return out

    def blast(self, center, own_after, world):
        """(my loss, enemy loss) of a blast at center"""
        ml = 0.0
        el = 0.0
        for s, k in own_after.items():
            if cheb(s, center) <= 2:
                ml += self.own_val(k)
        for s in self.markers:
            if cheb(s, center) <= 2:
                if world is not None and s in world:
                    el += self.en_val(world[s])
                else:
                    d = self.prob[s]
                    el += sum(p * self.en_val(k) for k, p in d.items())
        return ml, el

    def eval_attack_world(self, ukind, pos, tgt, partners, own_after, w, weapon):
        """(my loss, enemy loss, attacker survives) in world w"""
        k = w.get(tgt) or self.sample_kind(tgt, self.rng.random)
        ev = self.en_val(k)
        mv = self.own_val(ukind)
        if k == "AB":
            ml, el = self.blast(tgt, own_after, w)
            if weapon == "aircraft" and cheb(pos, tgt) > 2:
                return ml, el, True
            return ml, el, False
        if weapon == "aircraft":
            if k in ("BB", "RD"):
                return mv, 0.0, False
            if k == "AC":
                return mv, ev, False
            if k in SHIPS or k == "NB":
                return 0.0, ev, True
            return -0.3, 0.0, True  # reveal only
        if weapon == "torpedo":
            if k == "AC":
                return mv, 0.0, False
            return mv, ev, False
        if ukind == "FS":
            if k == "AC":
                return 0.0, 0.0, True
            if k == "NB":
                return mv, ev, False
            return mv, ev, False
        # scale ship contact attack
        if k == "CV":
            return 0.0, ev, True
        if k == "AC":
            return (0.0, ev, True) if ukind in ("BB", "RD") else (mv, 0.0, False)
        if k == "MN":
            return (0.0, ev, True) if ukind == "MS" else (mv, ev, False)
        if k in ("SM", "FS"):
            return mv, ev, False
        if k == "TP":
            armed = any(w.get(x) == "TB" for x in nb8(tgt))
            return (mv, ev, False) if armed else (0.0, ev, True)
        if k == "NB":
            return 0.0, ev, True
        # battle
        grp = [pos] + partners
        my_rank = FORM.get(tuple(sorted(own_after[x] for x in grp)), 0)
        pv = sum(self.own_val(own_after[x]) for x in grp)
        def kind_at(x):
            return w.get(x)
        dr = best_group_rank(kind_at, tgt, lambda x: x in w)
        # value of the defender's group: approximate by target plus partners' share
        if my_rank > dr:
            extra = 0.0
            if dr > FORM[(k,)]:
                extra = 0.5 * ev
            return 0.0, ev + extra, True
        if my_rank < dr:
            return pv, 0.0, False
        return pv, ev, False

    # ---------------------------------------------------------------- main decision
    def decide(self, msg):
        t0 = time.time()
        view = msg["view"]
        legal = msg.get("legal") or []
        self.process_history(msg.get("history"))
        self.parse_view(view)
        self.beliefs()
        own = self.own
        if self.own_unmoved is None:
            self.own_unmoved = set(own)
        self.own_unmoved &= set(own)
        markers = self.markers
        quiet = self.quiet
        aggr = 1.0 + max(0, quiet - 60) / 50.0
        my_mat = sum(VAL[k] for k in own.values() if k != "NB")
        en_mat = 0.0
        en_fighters = 0.0
        for s, d in self.prob.items():
            en_mat += sum(p * VAL[k] for k, p in d.items() if k != "NB")
            en_fighters += sum(p for k, p in d.items() if k in SCALE or k in ("FS", "AC"))
        my_fighters = sum(1 for k in own.values() if k in SCALE)
        ahead = my_mat - en_mat
        self.endgame = en_fighters <= 7 or (ahead > 25 and my_fighters > en_fighters + 4)
        self.en_fighters = en_fighters

        occ_now = lambda x: x in own or x in markers
        # distance maps
        blocked_e = set(markers)
        immobile = {s for s, k in own.items() if k in ("NB", "SM", "MN")}
        unk = [s for s, m in markers.items() if len(m.poss) > 1]
        d_unk = self.bfs(unk, immobile)
        # likely bases
        pnb = {s: self.prob[s].get("NB", 0.0) for s in markers}
        base_src = [s for s, p in pnb.items() if p >= 0.12]
        if not base_src:
            base_src = sorted(markers, key=lambda s: -pnb[s])[:3]
        d_base = self.bfs(base_src, immobile) if base_src else {}
        unmoved = [s for s, m in markers.items() if not m.moved]
        d_unmoved = self.bfs(unmoved, immobile) if unmoved else {}
        # hunting assignment
        hunt = {}     # own square -> (target square, weight)
        dmaps = {}
        targets = []
        for s, m in markers.items():
            k = self.known(s)
            if k is None:
                continue
            targets.append((self.en_val(k), s, k))
        # threats near own bases / carrier: treat marker as target for interception
        guard_pts = [s for s, k in own.items() if k in ("NB", "CV")]
        for s in unk:
            if any(manh(s, g) <= 3 for g in guard_pts):
                near_nb = any(manh(s, g) <= 3 and own.get(g) == "NB" for g in guard_pts)
                targets.append((14.0 if near_nb else 7.0, s, None))
        # the likely carrier (beside a seen aircraft): any ship sinks it
        pcv = sorted(((self.prob[s].get("CV", 0.0), s) for s in unk), reverse=True)
        if pcv and pcv[0][0] >= 0.3:
            targets.append((20.0 * pcv[0][0], pcv[0][1], "CV"))
        targets.sort(reverse=True)
        used = set()
        for v, ts, k in targets[:8]:
            cands = []
            for os_, ok in own.items():
                if os_ in used:
                    continue
                c = self.hunter_cost(ok, os_, ts, k)
                if c is None:
                    continue
                cands.append((c + 0.35 * manh(os_, ts), os_))
            if cands:
                cands.sort()
                c, os_ = cands[0]
                used.add(os_)
                if ts not in dmaps:
                    dmaps[ts] = self.bfs([ts], immobile | (blocked_e - {ts}))
                hunt[os_] = (ts, min(1.2, 0.15 + 0.04 * v))
        self.hunt = hunt

        # attack samples per target
        samples = {}
        best = None
        scored = []
        nsamp = 28
        cur_risk = {}
        for a in legal:
            try:
                sc, why = self.score_action(a, own, markers, samples, nsamp, aggr, ahead,
                                            d_unk, d_base, d_unmoved, dmaps, cur_risk)
            except Exception as ex:
                self.log("error scoring %s: %r %s" % (a, ex, traceback.format_exc().replace("\n", " | ")[-600:]))
                sc, why = -1e9, "error"
            sc += self.rng.random() * 0.01
            scored.append((sc, a, why))
            if best is None or sc > best[0]:
                best = (sc, a, why)
        dt = (time.time() - t0) * 1000.0
        self.times.append(dt)
        scored.sort(reverse=True)
        alt = "; ".join("%s %.2f" % (a, s) for s, a, _ in scored[1:4])
        self.log("ply %d quiet %d action %s score %.2f (%s) ahead %.1f | next: %s | %.1f ms" % (
            self.ply, quiet, best[1], best[0], best[2], ahead, alt, dt))
        return best[1]

    def hunter_cost(self, ok, os_, ts, k):
        """cost (lower better) of own unit ok hunting marker at ts of known kind k; None if unfit"""
        if k is None:
            # interception of unknown markers near bases: solid mid ships
            if ok in ("DD", "CR", "SS", "TB", "PS", "MS"):
                return VAL[ok]
            return None
        if ok in ("NB", "SM", "MN", "CV", "AB"):
            return None
        if ok == "AC":
            if k in ("BB", "RD"):
                return None
            return None  # the aircraft strikes by attack evaluation, it does not chase
        if ok == "TP":
            if k in SHIPS and k not in ("TB", "PS", "MS"):
                return VAL["TP"] + 1
            if k == "NB":
                return VAL["TP"]
            return None
        if ok == "FS":
            if k in ("BB", "RD", "CR", "CS", "CV"):
                return VAL["FS"]
            return None
        # scale ship
        if k == "CV" or k == "NB":
            return VAL[ok]
        if k == "AC":
            return VAL[ok] if ok in ("BB", "RD") else None
        if k == "MN":
            return VAL[ok] if ok == "MS" else None
        if k == "TP":
            return VAL[ok] if ok in ("PS", "MS", "TB") else None
        if k == "FS":
            return VAL[ok] if ok in ("MS", "PS") else None
        if k in ("SM", "AB"):
            return None
        if k in SCALE:
            er = self.enemy_att_rank(ts, k)
            if STRENGTH[ok] and FORM[(ok,)] > er:
                return VAL[ok]
            return None
        return None

    def score_action(self, a, own, markers, samples, nsamp, aggr, ahead, d_unk, d_base,
                     d_unmoved, dmaps, cur_risk):
        act = parse_action(a)
        if act is None:
            return -100.0, "unparsed"
        src = act["src"]
        ukind = own.get(src)
        if ukind is None:
            return -100.0, "no unit"
        exposed = src in self.exposed
        if act["det"]:
            ml, el = self.blast(src, own, None)
            ml -= VAL["AB"]
            sc = el - ml - VAL["AB"]
            if any(manh(ms, src) <= 2 for ms in markers):
                sc += 0.7 * ml + VAL["AB"] * 0.5
            return sc - 2.0, "detonate el=%.1f ml=%.1f" % (el, ml)
        pos = act["dst"] or src
        own_after = own
        if act["dst"]:
            own_after = dict(own)
            del own_after[src]
            own_after[pos] = ukind
        occ_after = lambda x: x in own_after or x in markers
        if src not in cur_risk:
            cur_risk[src] = self.risk(ukind, src, exposed, own, lambda x: x in own or x in markers)
        r_old = cur_risk[src]
        score = 0.0
        why = ""
        if act["tgt"] is not None:
            tgt = act["tgt"]
            if tgt not in markers:
                return -50.0, "no marker"
            weapon = "contact"
            if ukind == "AC":
                weapon = "aircraft"
            elif ukind == "TP":
                weapon = "torpedo"
            key = tgt
            if key not in samples:
                samples[key] = self.attack_samples(tgt, nsamp)
            ws = samples[key]
            tml = tel = 0.0
            surv = 0.0
            for w in ws:
                ml, el, sv = self.eval_attack_world(ukind, pos, tgt, act["partners"], own_after, w, weapon)
                tml += ml
                tel += el
                if sv:
                    surv += 1
            n = float(len(ws))
            eml, eel, ps = tml / n, tel / n, surv / n
            gain_w = 1.0 + 0.25 * (aggr - 1.0)
            if ahead > 15:
                gain_w += 0.15
            score = eel * gain_w - eml
            known_t = self.known(tgt)
            # variance aversion: big ships into unknowns, worse with groups around
            if known_t is None and weapon == "contact":
                grp_around = sum(1 for x in nb4(tgt) if x in markers)
                if ukind in BIG or act["partners"]:
                    score -= (1 - ps) * (0.4 + 0.25 * grp_around) * self.own_val(ukind)
            # defending bases / carrier
            if any(own.get(x) in ("NB", "CV") and manh(x, tgt) <= 2 for x in own):
                score += 2.5
            if weapon == "aircraft":
                if src not in self.exposed:
                    score -= 1.0
                # the carrier is now findable
                cvs = [x for x, k in own.items() if k == "CV"]
                for cv in cvs:
                    score -= 0.5 * self.risk("CV", cv, True, own_after, occ_after)
            # info value
            if known_t is None:
                score += 0.3
            # after the attack the attacker stands revealed at pos
            if ps > 0 and ukind not in ("TP", "FS"):
                score -= ps * self.risk(ukind, pos, True, own_after, occ_after) * 0.8
            # attacks restart the quiet count: pressure term
            if quiet_need := max(0.0, aggr - 1.0):
                score += 0.6 * quiet_need * (1.0 if eel > 0 else 0.0)
            score += r_old * 0.5 * (1.0 - ps) if False else 0.0
            why = "attack %s el=%.2f ml=%.2f surv=%.2f" % (known_t or "?", eel, eml, ps)
            return score, why
        # plain move
        b = pos
        r_new = self.risk(ukind, b, exposed, own_after, occ_after)
        score += (r_old - r_new)
        why = "move r %.2f->%.2f" % (r_old, r_new)
        score += self.positional(ukind, src, b, own, own_after, markers, aggr, ahead,
                                 d_unk, d_base, d_unmoved, dmaps)
        return score, why

    def positional(self, k, a, b, own, own_after, markers, aggr, ahead, d_unk, d_base,
                   d_unmoved, dmaps):
        sc = 0.0
        fwd = self.rel(b) - self.rel(a)
        BIGD = 40
        # tethers: keep weapons with their carriers
        if k in CARRIES:
            wk = CARRIES[k]
            for x in nb8(a):
                if own.get(x) == wk:
                    still = any(own_after.get(y) == k for y in nb8(x))
                    if not still:
                        sc -= {"AC": 6.0, "TP": 0.7, "MN": 0.15}[wk]
        if k in TETHER:
            ck = TETHER[k]
            before = any(own.get(y) == ck for y in nb8(a))
            after = any(own_after.get(y) == ck for y in nb8(b))
            if before and not after:
                sc -= 3.0 if k == "AC" else 0.6
        if k == "CV":
            sc -= 0.6
            if self.endgame and d_base:
                sc += 0.2 * (d_base.get(a, BIGD) - d_base.get(b, BIGD))
            elif self.rel(b) > 5 + max(0, int(ahead / 15)):
                sc -= 1.0 * fwd if fwd > 0 else 0
            # guard: count own ships adjacent
            g_a = sum(1 for y in nb8(a) if own.get(y) in SCALE)
            g_b = sum(1 for y in nb8(b) if own_after.get(y) in SCALE and y != a)
            sc += 0.1 * (g_b - g_a)
            return sc
        if k == "AC":
            # hold close to the carrier, a little forward of it
            sc -= 0.2
            if self.endgame and d_base:
                sc += 0.2 * (d_base.get(a, BIGD) - d_base.get(b, BIGD))
            return sc
        if k in ("MN", "SM", "NB"):
            return sc - 0.3
        if k == "AB":
            # stays unless pressing; wander towards enemies with no own units near
            d0, d1 = d_unk.get(a, BIGD), d_unk.get(b, BIGD)
            near_own = sum(1 for s in own_after if cheb(s, b) <= 2 and s != b)
            near_own0 = sum(1 for s in own if cheb(s, a) <= 2 and s != a)
            sc += 0.06 * (d0 - d1) + 0.08 * (near_own0 - near_own) - 0.1
            return sc
        # unmoved back-row units stay as decoys for the bases
        if a in self.own_unmoved and self.rel(a) <= 2 and not self.endgame:
            sc -= 0.35
        # guards of own bases leave reluctantly
        if any(own.get(y) == "NB" for y in nb4(a)) and not any(own_after.get(y) == "NB" for y in nb4(b)):
            sc -= 0.25

        if any(own.get(y) == "CV" for y in nb8(a)) and not any(own_after.get(y) == "CV" for y in nb8(b)):
            sc -= 0.2 if k in BIG or k == "DD" else 0.1
        # hunting
        h = self.hunt.get(a)
        if h:
            ts, wgt = h
            dm = dmaps.get(ts, {})
            d0, d1 = dm.get(a, BIGD), dm.get(b, BIGD)
            sc += wgt * (d0 - d1)
        # probing and pressing
        late = max(0.0, aggr - 1.0)
        if k in PROBES or k in ("TP", "FS"):
            wgt = {"MS": 0.18, "PS": 0.16, "TB": 0.12, "SS": 0.09, "TP": 0.06, "FS": 0.03}[k]
            wgt *= (1.0 + 0.6 * late)
            dm = d_unmoved if (k == "MS" and d_unmoved) else d_unk
            d0, d1 = dm.get(a, BIGD), dm.get(b, BIGD)
            sc += wgt * (d0 - d1)
            if k == "TP":
                # a torpedo follows its boat: stay beside one
                if not any(own_after.get(y) == "TB" for y in nb8(b)):
                    sc -= 0.3
        else:
            # fighters: advance slowly as a line, faster when ahead or late
            wgt = 0.04 + 0.05 * late + (0.05 if ahead > 10 else 0.0)
            if k in ("BB", "RD"):
                wgt *= 0.7
            d0, d1 = d_unk.get(a, BIGD), d_unk.get(b, BIGD)
            if d1 >= 2 or late > 0.5 or ahead > 10:
                sc += wgt * (d0 - d1)
            # formation keeping
            r0 = self.own_def_rank(a, k, own)
            r1 = self.own_def_rank(b, k, own_after)
            sc += 0.04 * (r1 - r0)
        # base pressure when ahead or late
        if (ahead > 12 or late > 0.6 or self.endgame) and d_base:
            d0, d1 = d_base.get(a, BIGD), d_base.get(b, BIGD)
            wb = 0.05 + 0.05 * late
            if self.endgame:
                wb += 0.25 if k in ("MS", "PS", "TB", "SS", "DD", "CR", "RD", "BB", "CS") else 0.1
            sc += wb * (d0 - d1)
        # anti-shuffle
        if self.own_prev.get(a) == b:
            sc -= 0.25
        sc -= 0.03 * self.visits.get(b, 0)
        return sc

    # ---------------------------------------------------------------- defence
    def defend(self, msg):
        opts = msg.get("options") or []
        self.log("defend %s options %s -> %s" % (msg.get("attack"), opts, opts[0] if opts else None))
        return opts[0]


def main():
    args = sys.argv[1:]
    seed = None
    logpath = None
    i = 0
    while i < len(args):
        if args[i] == "--log" and i + 1 < len(args):
            logpath = args[i + 1]
            i += 2
            continue
        try:
            seed = int(args[i])
        except ValueError:
            pass
        i += 1
    if seed is None:
        seed = random.randrange(1 << 30)
    logf = None
    if logpath:
        try:
            logf = open(logpath, "a")
        except Exception:
            logf = None
    p = Player(seed, logf)
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except Exception:
            p.log("error bad json line")
            continue
        typ = msg.get("type")
        reply = None
        if typ == "setup":
            p.side = msg.get("side", "south")
            p.enemy = "north" if p.side == "south" else "south"
            try:
                lay = make_layout(p.rng)
            except Exception as ex:
                p.log("error layout %r" % ex)
                lay = "\n".join(BASE_LAYOUT)
            p.log("setup seed %d side %s opponent %s" % (seed, p.side, msg.get("opponent")))
            reply = {"layout": lay}
        elif typ == "turn":
            legal = msg.get("legal") or []
            try:
                act = p.decide(msg)
                if act not in legal:
                    p.log("error chosen action %s not legal" % act)
                    act = legal[0]
            except Exception as ex:
                p.log("error decide: %r %s" % (ex, traceback.format_exc().replace("\n", " | ")[-800:]))
                act = legal[0] if legal else None
            if act is None:
                reply = {"resign": True}
            else:
                reply = {"action": act}
        elif typ == "defend":
            opts = msg.get("options") or []
            try:
                d = p.defend(msg)
            except Exception as ex:
                p.log("error defend: %r" % ex)
                d = opts[0] if opts else None
            reply = {"defense": d}
        elif typ == "end":
            try:
                p.process_history(msg.get("history"))
            except Exception:
                pass
            try:
                p.log("final board:\n" + (msg.get("view") or {}).get("cells", ""))
            except Exception:
                pass
            if p.times:
                p.log("end result %s status %s reason %s decisions %d avg %.1f ms max %.1f ms" % (
                    msg.get("result"), msg.get("status"), msg.get("reason"), len(p.times),
                    sum(p.times) / len(p.times), max(p.times)))
            else:
                p.log("end result %s" % msg.get("result"))
            break
        else:
            continue
        out.write(json.dumps(reply) + "\n")
        out.flush()
    if logf:
        logf.close()


if __name__ == "__main__":
    main()
