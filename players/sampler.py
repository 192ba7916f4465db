#!/usr/bin/env python3
"""sampler.py: an outside Admiral player (JSON-lines player protocol, doc/player-protocol.md).

A searching player written apart from the project's AI, from the rules and the protocol only.

* Belief: every enemy marker keeps the set of unit kinds it can still be (eliminated by
  reveals, moves -- a moved marker is no NB/SM, a moved weapon needs a possible carrier beside
  it -- and by kinds whose whole count is accounted for), weighted by the unseen counts.
* Each decision samples WORLDS complete guesses of the hidden enemy units (determinized
  worlds), plays every candidate action out in each world with a small rules simulator, then
  the opponent's best immediate reply in that world as the opponent could judge it (units of
  ours it has identified exactly, hidden ones by the odds), then a cheap evaluation.  The
  candidate with the best average wins.
* Deterministic given its seed (argv[1]); sampling is budgeted by count.

Usage: sampler.py [SEED] [--log FILE]
"""
import json
import random
import sys
import time

# ---------------------------------------------------------------- constants
CODES = ["CV", "BB", "CR", "RD", "DD", "PS", "TB", "CS", "MS", "SS",
         "AC", "TP", "MN", "SM", "FS", "AB", "NB"]
(CV, BB, CR, RD, DD, PS, TB, CS, MS, SS, AC, TP, MN, SM, FS, AB, NB) = range(17)
KIND = {c: i for i, c in enumerate(CODES)}
COUNTS = [1, 2, 6, 2, 6, 6, 6, 1, 6, 6, 1, 4, 6, 1, 1, 1, 2]
SCALE = frozenset([BB, CR, RD, DD, PS, TB, CS, MS, SS])
SHIPS = frozenset([CV, BB, CR, RD, DD, PS, TB, CS, MS, SS])
IMMOBILE = frozenset([NB, SM])
WEAPON_CARRIER = {AC: CV, TP: TB, MN: DD}
SINGLE = {BB: 15, CR: 7, RD: 8, DD: 5, PS: 2, TB: 3, CS: 6, MS: 1, SS: 4}
FORM = {}
for _kinds, _r in [((BB, BB), 21), ((CR, CR, CR), 20), ((RD, RD, DD), 19), ((CR, CR), 18),
                   ((CS, SS, SS), 17), ((SS, SS, SS), 16), ((RD, RD), 14), ((DD, DD, DD), 13),
                   ((RD, DD), 12), ((DD, DD), 11), ((CS, SS), 10), ((SS, SS), 9)]:
    FORM[tuple(sorted(_kinds))] = _r
for _k, _r in SINGLE.items():
    FORM[(_k,)] = _r
# material worth of a unit (NB handled apart)
WORTH = [7.0, 11.0, 6.0, 7.0, 4.0, 1.5, 2.5, 5.0, 1.8, 3.0, 9.0, 2.0, 1.5, 1.0, 3.0, 6.0, 0.0]
BASE_FIRST = 40.0
BASE_LAST = 1000.0

WORLDS = 10          # determinized worlds sampled per decision
PESSIMISM = 0.8      # weight of the enemy's best actual reply against its best judged one
MOBPRIOR = 1.0       # markers that moved lean towards the kinds that are moved forward
COHESION = 1.0       # keep formations together near the enemy
FOLLOW = 0.6         # weight of the threats the acting unit makes for next turn
BTHREAT = 1.5        # worth of removing an enemy marker close to our bases
WCV = 0.7            # advance weight of carrier and aircraft
WTB = 0.7            # advance weight of torpedo boats and torpedoes
GUARD = 1            # raiders/cruisers/battleships beside our bases stay home
INTERCEPT = 0.6      # pull of our strong ships towards markers near our bases
# how readily each kind is moved forward (prior for markers that have moved)
MOB = [0.4, 2.0, 2.0, 2.0, 1.6, 1.0, 1.0, 1.5, 1.3, 1.3, 0.5, 0.4, 0.3, 0.0, 1.0, 0.6, 0.0]
MAX_MOVES = 10      # quiet moves kept for the search (plus every contact move)
MAX_CONTACT_MOVES = 20
MAX_ATTACKS = 30

W, H = 14, 15
NSQ = W * H


def sqidx(s):
    return (int(s[1:]) - 1) * W + (ord(s[0]) - 97)


def _nb(i, diag):
    c, r = i % W, i // W
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)) if not diag else \
            ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        cc, rr = c + dc, r + dr
        if 0 <= cc < W and 0 <= rr < H:
            out.append(rr * W + cc)
    return tuple(out)


N4 = [_nb(i, False) for i in range(NSQ)]
N8 = [_nb(i, True) for i in range(NSQ)]


def _rays(i):
    c, r = i % W, i // W
    rays = []
    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        ray = []
        for d in range(1, 5):
            cc, rr = c + dc * d, r + dr * d
            if 0 <= cc < W and 0 <= rr < H:
                ray.append(rr * W + cc)
        rays.append(tuple(ray))
    return rays


RAYS = [_rays(i) for i in range(NSQ)]


def _blast(i):
    c, r = i % W, i // W
    return tuple(rr * W + cc for rr in range(max(0, r - 2), min(H, r + 3))
                 for cc in range(max(0, c - 2), min(W, c + 3)))


BLAST = [_blast(i) for i in range(NSQ)]


def cheb(a, b):
    return max(abs(a % W - b % W), abs(a // W - b // W))


def manh(a, b):
    return abs(a % W - b % W) + abs(a // W - b // W)


# a cell: 0 empty, else side * 32 + kind + 1 (side 0 = us, 1 = the enemy)
def cell(side, kind):
    return side * 32 + kind + 1


# ---------------------------------------------------------------- simulator
def groups(b, sq):
    """Every formation containing the scale ship on sq: list of (rank, squares)."""
    v = b[sq]
    side = v >> 5
    k = (v & 31) - 1
    res = [(SINGLE[k], (sq,))]
    mates = [n for n in N4[sq] if b[n] and (b[n] >> 5) == side and ((b[n] & 31) - 1) in SCALE]
    if not mates:
        return res
    seen = set()
    for n in mates:
        kn = (b[n] & 31) - 1
        r = FORM.get((k, kn) if k <= kn else (kn, k))
        if r:
            res.append((r, (sq, n)))
        # triples: sq-n-m and n-sq-m
        ext = [m for m in N4[n] if m != sq and b[m] and (b[m] >> 5) == side
               and ((b[m] & 31) - 1) in SCALE]
        for m in ext + [m for m in mates if m != n]:
            key = (n, m) if n < m else (m, n)
            if key in seen:
                continue
            seen.add(key)
            r = FORM.get(tuple(sorted((k, kn, (b[m] & 31) - 1))))
            if r:
                res.append((r, (sq,) + key))
    return res


def best_group(b, sq):
    best = None
    for g in groups(b, sq):
        if best is None or g[0] > best[0] or (g[0] == best[0] and len(g[1]) < len(best[1])):
            best = g
    return best


def carrier_loss(b, side, dead):
    """With the CV dead, the side's aircraft goes too."""
    for i in range(NSQ):
        v = b[i]
        if v and (v >> 5) == side and (v & 31) - 1 == AC and i not in dead:
            dead.append(i)


def resolve(b, a, t, partners=None):
    """Squares whose units die when the unit on a attacks t (board as after any move).
    partners None: the attacker takes its best group."""
    A, T = b[a], b[t]
    ka, kt = (A & 31) - 1, (T & 31) - 1
    st = T >> 5
    if kt == AB:
        dead = [i for i in BLAST[t] if b[i]]
        for i in list(dead):
            if (b[i] & 31) - 1 == CV:
                carrier_loss(b, b[i] >> 5, dead)
        return dead
    if kt == NB:
        return [t, a] if ka in (FS, TP) else [t]
    if ka == AC:
        if kt in (BB, RD):
            return [a]
        if kt == AC:
            return [a, t]
        if kt in SHIPS:
            dead = [t]
            if kt == CV:
                carrier_loss(b, st, dead)
            return dead
        return []
    if ka == TP:
        if kt == AC:
            return [a]
        dead = [a, t]
        if kt == CV:
            carrier_loss(b, st, dead)
        return dead
    if ka == FS:
        if kt == AC:
            return []
        dead = [a, t]
        if kt == CV:
            carrier_loss(b, st, dead)
        return dead
    # a scale ship attacks
    if kt == CV:
        dead = [t]
        carrier_loss(b, st, dead)
        return dead
    if kt == AC:
        return [t] if ka in (BB, RD) else [a]
    if kt == MN:
        return [t] if ka == MS else [a, t]
    if kt in (SM, FS):
        return [a, t]
    if kt == TP:
        armed = any(b[n] and (b[n] >> 5) == st and (b[n] & 31) - 1 == TB for n in N8[t])
        return [a, t] if armed else [t]
    # battle
    if partners is None:
        ra, ag = best_group(b, a)
    else:
        ag = (a,) + tuple(partners)
        ra = FORM.get(tuple(sorted((b[x] & 31) - 1 for x in ag)), SINGLE.get(ka, 0))
    rd, dg = best_group(b, t)
    if ra > rd:
        return list(dg)
    if ra < rd:
        return list(ag)
    return list(ag) + list(dg)


# ---------------------------------------------------------------- the player
class Player:
    def __init__(self, seed, log):
        self.seed = seed
        self.log = log
        self.rng = random.Random(seed * 7919 + 17)
        self.me = None
        self.markers = {}      # enemy square -> [possible set, moved bool]
        self.recent = []
        self.my_moved = set()  # squares of our units that have moved (the enemy knows)
        self.started = False
        self.times = []

    def trace(self, line):
        if self.log:
            try:
                with open(self.log, "a") as f:
                    f.write(line + "\n")
            except Exception:
                pass

    # ------------------------------------------------------------ setup
    def layout(self, side):
        rows = [
            "CR DD SS TB . CR AB MS CR . TB SS DD CR",
            ". TB TP SS MN DD . . DD MN SS PS . FS",
            "MS PS . CR BB . PS . . BB CR . PS MS",
            "MN SM RD TB TP SS CS SS TP TB . MS RD MN",
            "NB MN DD PS MS TB TP CV AC PS MS DD MN NB",
        ]
        g = [r.split() for r in rows]
        rng = random.Random(self.seed * 31 + (0 if side == "south" else 1))
        if rng.random() < 0.5:
            g = [list(reversed(r)) for r in g]
        swappable = {"CR", "DD", "SS", "PS", "MS", "BB", "RD", "CS"}
        for _ in range(6):
            line = rng.randrange(3)
            cols = [c for c in range(W) if g[line][c] in swappable]
            a, b2 = rng.sample(cols, 2)
            g[line][a], g[line][b2] = g[line][b2], g[line][a]
        # swap the two front-line halves' order sometimes (keeps every tether)
        if rng.random() < 0.3:
            g[0], g[1] = g[1], g[0]
            # keep the front row free of nothing forbidden: NB are on the back line only
        return "\n".join(" ".join(r) for r in g)

    # ------------------------------------------------------------ belief
    def read_view(self, view):
        self.me = view["viewer"]
        board = [0] * NSQ
        enemy_seen = {}
        lines = view["cells"].split("\n")
        for li, line in enumerate(lines):
            row = 15 - li
            for c, tok in enumerate(line.split()):
                i = (row - 1) * W + c
                if tok == ".":
                    continue
                if tok.startswith("?"):
                    enemy_seen[i] = KIND[tok[1:].upper()] if len(tok) > 1 else None
                else:
                    board[i] = cell(0, KIND[tok.upper()])
        return board, enemy_seen

    def apply_history(self, history):
        me = self.me
        for ply in history or []:
            for e in ply.get("events", []):
                t = e.get("type")
                if t == "moved":
                    f, to = sqidx(e["from"]), sqidx(e["to"])
                    if e["side"] == me:
                        self.recent.append((f, to))
                        del self.recent[:-6]
                        if f in self.my_moved:
                            self.my_moved.discard(f)
                        self.my_moved.add(to)
                    else:
                        m = self.markers.pop(f, None)
                        if m is None:
                            m = [set(range(17)), False]
                        poss = m[0]
                        poss.discard(NB)
                        poss.discard(SM)
                        for wk, ck in WEAPON_CARRIER.items():
                            if wk in poss:
                                ok = False
                                for sq in N8[f] + N8[to]:
                                    if sq != f and sq != to and sq in self.markers and ck in self.markers[sq][0]:
                                        ok = True
                                        break
                                if not ok:
                                    poss.discard(wk)
                        if not poss:
                            poss.update([BB, CR, RD, DD, PS, TB, CS, MS, SS, CV, FS, AB])
                        m[1] = True
                        self.markers[to] = m
                elif t == "struck":
                    if self.log:
                        tsq = sqidx(e["target"]["square"])
                        asq = sqidx(e["attacker"]["square"])
                        ex = getattr(self, "exposed", set())
                        info = ""
                        if ply.get("side") != me:
                            info = " exp=%d" % (tsq in ex)
                        else:
                            m = self.markers.get(tsq)
                            info = " known=%d moved=%d" % (bool(m and len(m[0]) == 1), bool(m and m[1]))
                        self.trace("ev %s %s %s%s>%s%s%s" % (ply.get("side"), e.get("weapon"), e["attacker"].get("kind"), e["attacker"].get("square"), e["target"].get("kind"), e["target"].get("square"), info))
                    for role in ("attacker", "target"):
                        u = e[role]
                        owner = e["side"] if role == "attacker" else ("north" if e["side"] == "south" else "south")
                        self.reveal(u, owner)
                elif t == "battle":
                    other = "north" if e["side"] == "south" else "south"
                    for u in e.get("attackers", []):
                        self.reveal(u, e["side"])
                    for u in e.get("defenders", []):
                        self.reveal(u, other)
                elif t == "destroyed":
                    sq = sqidx(e["square"])
                    if self.log:
                        self.trace("ev destroyed %s %s %s" % (e["side"], e["kind"], e["square"]))
                    if e["side"] == me:
                        self.my_moved.discard(sq)
                    else:
                        self.markers.pop(sq, None)

    def reveal(self, u, owner):
        if owner == self.me or not u or not u.get("kind"):
            return
        sq = sqidx(u["square"])
        k = KIND.get(u["kind"])
        if k is None:
            return
        m = self.markers.get(sq)
        if m is None:
            self.markers[sq] = [{k}, False]
        else:
            m[0] = {k}

    def reconcile(self, view, enemy_seen):
        enemy_front = 11 if self.me == "south" else 5
        for sq in sorted(self.markers):
            if sq not in enemy_seen:
                del self.markers[sq]
        for sq in sorted(enemy_seen):
            m = self.markers.get(sq)
            if m is None:
                m = [set(range(17)), False]
                if sq // W + 1 == enemy_front:
                    m[0].discard(NB)
                self.markers[sq] = m
            if enemy_seen[sq] is not None:
                m[0] = {enemy_seen[sq]}
        for s in view.get("moved_markers", []) or []:
            sq = sqidx(s)
            m = self.markers.get(sq)
            if m is not None:
                m[1] = True
                if len(m[0]) > 1:
                    m[0].discard(NB)
                    m[0].discard(SM)

    def sample_worlds(self, view, n, rng):
        losses = view.get("enemy_losses") or [0] * 17
        pool = [COUNTS[k] - losses[k] for k in range(17)]
        unknown = []
        known = {}
        for sq in sorted(self.markers):
            poss = self.markers[sq][0]
            if len(poss) == 1:
                k = next(iter(poss))
                known[sq] = k
                pool[k] -= 1
            else:
                unknown.append(sq)
        pool = [max(0, p) for p in pool]
        # most constrained first
        unknown.sort(key=lambda s: (not self.markers[s][1], len(self.markers[s][0]), s))
        # a known aircraft strikes only with its carrier beside it: the CV is a neighbour
        forced = []
        for sq in sorted(known):
            if known[sq] == AC and pool[CV] > 0:
                near = [u for u in unknown if u in N8[sq] and CV in self.markers[u][0]]
                if near:
                    forced.append(near)
        worlds = []
        for _ in range(n):
            p = list(pool)
            w = dict(known)
            for near in forced:
                if p[CV] > 0:
                    u = near[rng.randrange(len(near))]
                    if u not in w:
                        w[u] = CV
                        p[CV] -= 1
            for sq in unknown:
                if sq in w:
                    continue
                poss = self.markers[sq][0]
                cand = [k for k in range(17) if k in poss and p[k] > 0]
                if not cand:
                    cand = [k for k in range(17) if p[k] > 0 and not (self.markers[sq][1] and k in IMMOBILE)]
                if not cand:
                    w[sq] = MS
                    continue
                if MOBPRIOR and self.markers[sq][1]:
                    wts = [p[k] * (1.0 + MOBPRIOR * (MOB[k] - 1.0)) for k in cand]
                else:
                    wts = [p[k] for k in cand]
                tot = sum(wts)
                x = rng.random() * tot
                for k, wk in zip(cand, wts):
                    x -= wk
                    if x < 0:
                        break
                w[sq] = k
                p[k] -= 1
            worlds.append(w)
        return worlds

    # ------------------------------------------------------------ evaluation helpers
    def value(self, kind, side, bases):
        if kind == NB:
            return BASE_LAST if bases[side] <= 1 else BASE_FIRST
        return WORTH[kind]

    def dead_value(self, b, dead, bases):
        """(our loss, their loss) for the dead squares."""
        ours = theirs = 0.0
        nb = [0, 0]
        for i in dead:
            v = b[i]
            k, s = (v & 31) - 1, v >> 5
            if k == NB:
                nb[s] += 1
                if nb[s] >= bases[s]:
                    val = BASE_LAST
                else:
                    val = BASE_FIRST
            else:
                val = WORTH[k]
            if s == 0:
                ours += val
            else:
                theirs += val
        return ours, theirs

    def hidden_tables(self, board, exposed):
        """The enemy's picture of our hidden units: kind counts, for moved and unmoved ones."""
        cnt = [0] * 17
        for i in range(NSQ):
            v = board[i]
            if v and i not in exposed:
                cnt[(v & 31) - 1] += 1
        moved_cnt = [0 if k in IMMOBILE else cnt[k] for k in range(17)]
        self.hid = {False: cnt, True: moved_cnt}
        self.est_cache = {}
        self.hid_mean = {}
        for f in (False, True):
            c = self.hid[f]
            tot = sum(c)
            self.hid_mean[f] = (sum(c[k] * self.value(k, 0, self.bases) for k in range(17)) / tot) if tot else 0.0

    def est_vs_hidden(self, ka, ra, gv, moved):
        key = (ka, ra, round(gv, 1), moved)
        r = self.est_cache.get(key)
        if r is not None:
            return r
        c = self.hid[moved]
        tot = sum(c)
        if not tot:
            self.est_cache[key] = 0.0
            return 0.0
        bases = self.bases
        e = 0.0
        for kt in range(17):
            if not c[kt]:
                continue
            p = c[kt] / tot
            vt = self.value(kt, 0, bases)
            if kt == NB:
                g = vt - (WORTH[ka] if ka in (FS, TP) else 0)
            elif kt == AB:
                g = WORTH[AB] - gv * 0.8 - 3.0
            elif ka == AC:
                g = -WORTH[AC] if kt in (BB, RD) else (vt + WORTH[AC] if kt == AC else (vt if kt in SHIPS else 0))
                if kt == AC:
                    g = vt - WORTH[AC]
            elif ka in (TP, FS):
                g = -gv if (kt == AC) else vt - gv
                if ka == FS and kt == AC:
                    g = 0
            elif kt == CV:
                g = vt + WORTH[AC]
            elif kt == AC:
                g = vt if ka in (BB, RD) else -gv
            elif kt == MN:
                g = vt if ka == MS else vt - gv
            elif kt in (SM, FS, TP):
                g = vt - gv
            else:
                rd = SINGLE[kt]
                g = vt if ra > rd else (-gv if ra < rd else vt - gv)
            e += p * g
        self.est_cache[key] = e
        return e

    # the enemy's options from the unit on s: best (estimated gain, actual gain) for the enemy
    def opp_best_from(self, b, s):
        self._maxact = -1e9
        r = self._opp_best_from(b, s)
        if r is None:
            return None
        return (r[0], r[1], r[2], self._maxact)

    def _opp_best_from(self, b, s):
        v = b[s]
        k = (v & 31) - 1
        best = None
        bases = self.bases
        exposed = self.exposed
        my_moved = self.my_moved
        if k in SCALE or k == FS:
            positions = [s] + [m for m in N4[s] if not b[m]]
            for pos in positions:
                targets = [t for t in N4[pos] if b[t] and not (b[t] >> 5)]
                if not targets:
                    continue
                if pos != s:
                    b[pos] = v
                    b[s] = 0
                if k in SCALE:
                    ra, ag = best_group(b, pos)
                    gv = sum(WORTH[(b[x] & 31) - 1] for x in ag)
                else:
                    ra, gv = 0, WORTH[FS]
                for t in targets:
                    dead = resolve(b, pos, t)
                    ours, theirs = self.dead_value(b, dead, bases)
                    act = ours - theirs
                    if t in exposed:
                        est = act
                    else:
                        est = self.est_vs_hidden(k, ra, gv, t in my_moved)
                    if act > self._maxact:
                        self._maxact = act
                    if best is None or est > best[0]:
                        best = (est, act, dead)
                if pos != s:
                    b[s] = v
                    b[pos] = 0
        elif k == AC or k == TP:
            ck = CV if k == AC else TB
            if any(b[n] == cell(1, ck) for n in N8[s]):
                for ray in RAYS[s]:
                    for d, t in enumerate(ray):
                        if k == TP and d >= 2:
                            break
                        if not b[t]:
                            continue
                        if (b[t] >> 5) == 0:
                            dead = resolve(b, s, t)
                            ours, theirs = self.dead_value(b, dead, bases)
                            act = ours - theirs
                            est = act if t in exposed else self.est_vs_hidden(k, 0, WORTH[k], t in my_moved)
                            if act > self._maxact:
                                self._maxact = act
                            if best is None or est > best[0]:
                                best = (est, act, dead)
                        if k == TP:
                            break
        elif k == AB:
            dead = [i for i in BLAST[s] if b[i]]
            if any(not (b[i] >> 5) for i in dead):
                ours, theirs = self.dead_value(b, dead, bases)
                act = ours - theirs
                est = 0.0
                for i in dead:
                    if b[i] >> 5:
                        est -= WORTH[(b[i] & 31) - 1] if (b[i] & 31) - 1 != NB else BASE_LAST
                    elif i in exposed:
                        est += self.value((b[i] & 31) - 1, 0, bases)
                    else:
                        est += self.hid_mean[i in my_moved]
                best = (est, act, dead)
                self._maxact = max(self._maxact, act)
        return best

    # ------------------------------------------------------------ decisions
    def parse_action(self, a):
        """(from, to_or_None, target_or_None, partners, detonate)"""
        det = a.endswith("!")
        if det:
            return (sqidx(a[:-1]), None, None, (), True)
        partners = ()
        if "(" in a:
            a, p = a.split("(", 1)
            p = p.rstrip(")")
            partners = tuple(sqidx(x.strip()) for x in p.split(",") if x.strip())
        tgt = None
        if "x" in a:
            a, t = a.split("x", 1)
            tgt = sqidx(t)
        to = None
        if "-" in a:
            f, t = a.split("-", 1)
            frm, to = sqidx(f), sqidx(t)
        else:
            frm = sqidx(a)
        return (frm, to, tgt, partners, False)

    def decide(self, msg):
        t0 = time.time()
        view = msg["view"]
        legal = msg["legal"]
        board, enemy_seen = self.read_view(view)
        if not self.started:
            self.started = True
        self.apply_history(msg.get("history"))
        self.reconcile(view, enemy_seen)
        if len(legal) == 1:
            return legal[0]
        ply = view.get("ply", 0)
        rng = random.Random(self.seed * 1000003 + ply * 7 + 1)
        self.exposed = set(sqidx(s) for s in (view.get("exposed") or []))
        own_l = view.get("own_losses") or [0] * 17
        en_l = view.get("enemy_losses") or [0] * 17
        self.bases = [COUNTS[NB] - own_l[NB], COUNTS[NB] - en_l[NB]]
        mat_me = sum((COUNTS[k] - own_l[k]) * WORTH[k] for k in range(17))
        mat_en = sum((COUNTS[k] - en_l[k]) * WORTH[k] for k in range(17))
        lead = (mat_me - mat_en) + 30.0 * (self.bases[0] - self.bases[1])
        quiet = view.get("quiet_plies", 0) or 0
        self.hidden_tables(board, self.exposed)

        worlds = self.sample_worlds(view, WORLDS, rng)
        # probable enemy bases (how often each marker is a base in the worlds)
        nbfreq = {}
        for w in worlds:
            for sq, k in w.items():
                if k == NB:
                    nbfreq[sq] = nbfreq.get(sq, 0) + 1
        targets = sorted(nbfreq)
        enemy_sqs = sorted(self.markers)
        my_nbs = [i for i in range(NSQ) if board[i] == cell(0, NB)]

        # ---- candidates
        parsed = {}
        attacks, moves, dets = [], [], []
        for a in legal:
            p = self.parse_action(a)
            parsed[a] = p
            if p[4]:
                dets.append(a)
            elif p[2] is not None:
                attacks.append(a)
            else:
                moves.append(a)
        ahead = lead > 8.0
        pw = 0.25 if ahead else 0.12
        hunt = ahead and quiet > 60
        if not targets:
            targets = enemy_sqs
        if hunt:
            # nothing tactical is happening while we lead: go for the bases (every
            # marker when no base is located)
            pw = 0.3

        # enemy markers close to our bases: intruders to intercept
        intruders = [e for e in enemy_sqs if any(manh(e, n) <= 5 for n in my_nbs)]

        def progress(a):
            frm, to = parsed[a][0], parsed[a][1]
            k = (board[frm] & 31) - 1
            if to is None:
                return 0.0
            sc = 0.0
            guard = k in (RD, BB, CR) and any(cheb(frm, n) <= 2 for n in my_nbs) and GUARD and not hunt
            if intruders and k in SCALE and SINGLE[k] >= 5:
                d0 = min(manh(frm, e) for e in intruders)
                d1 = min(manh(to, e) for e in intruders)
                sc += INTERCEPT * (d0 - d1)
            if targets and not guard:
                d0 = min(manh(frm, t) for t in targets)
                d1 = min(manh(to, t) for t in targets)
                wt = {BB: 1.0, CR: 1.0, RD: 1.0, DD: 0.8, CS: 0.8, SS: 0.5, TB: WTB, PS: 0.3,
                      MS: 0.5, FS: 0.6, CV: WCV, AC: WCV, AB: 0.8, TP: WTB, MN: 0.1}.get(k, 0.2)
                if hunt and k in SHIPS:
                    wt = max(wt, 0.6)
                # weight by how likely the nearest target is a base
                sc += pw * wt * (d0 - d1)
            if COHESION and k in SCALE and any(manh(frm, e) <= 4 for e in enemy_sqs):
                b2 = list(board)
                r0 = best_group(b2, frm)[0]
                b2[to] = b2[frm]
                b2[frm] = 0
                r1 = best_group(b2, to)[0]
                sc += COHESION * max(-0.5, min(0.5, (r1 - r0) / 10.0))
            # keep a guard beside our own bases
            if my_nbs and k in SCALE:
                near0 = min(cheb(frm, n) for n in my_nbs)
                near1 = min(cheb(to, n) for n in my_nbs)
                if near0 <= 1 and near1 > 1:
                    sc -= 0.3
            # weapons drift away from their carriers: discourage
            if k in WEAPON_CARRIER:
                ck = WEAPON_CARRIER[k]
                if not any(board[n] == cell(0, ck) for n in N8[to] if n != frm):
                    sc -= 0.6
            if k == CV and any(board[n] == cell(0, AC) for n in N8[frm]) and \
                    not any(board[n] == cell(0, AC) for n in N8[to]):
                sc -= 0.5
            return sc + rng.random() * 0.02

        prog = {a: progress(a) for a in moves}
        contact, quietm = [], []
        for a in moves:
            frm, to = parsed[a][0], parsed[a][1]
            if any(e in self.markers for e in N4[to]) or any(e in self.markers for e in N4[frm]) \
                    or any(cheb(to, e) <= 2 for e in enemy_sqs if abs(e // W - to // W) <= 2):
                contact.append(a)
            else:
                quietm.append(a)
        contact.sort(key=lambda a: -prog[a])
        quietm.sort(key=lambda a: -prog[a])
        cands = attacks[:MAX_ATTACKS] + dets + contact[:MAX_CONTACT_MOVES] + quietm[:MAX_MOVES]
        if not cands:
            return legal[0]

        # ---- per world: the enemy's best reply from every unit, on the current board
        wboards = []
        for w in worlds:
            b = list(board)
            for sq, k in w.items():
                b[sq] = cell(1, k)
            base = {}
            for s in enemy_sqs:
                r = self.opp_best_from(b, s)
                if r is not None:
                    base[s] = r
            order = sorted(base, key=lambda s: (-base[s][0], s))
            order_act = sorted(base, key=lambda s: (-base[s][3], s))
            wboards.append((b, base, order, order_act))

        scores = {}
        # enemy presence near our bases (base safety)
        def base_threat(sq):
            t = 0.0
            for n in my_nbs:
                d = manh(sq, n)
                if d <= 3:
                    t += (4 - d) * (2.5 if self.bases[0] <= 1 else 1.0)
            return t
        last = self.recent[-1] if self.recent else None
        for a in cands:
            frm, to, tgt, partners, det = parsed[a]
            total = 0.0
            ndestroy = 0
            follow = {}
            for (b0, base, order, order_act) in wboards:
                b = list(b0)
                changed = [frm]
                bases = list(self.bases)
                gain = 0.0
                dead = []
                if det:
                    dead = [i for i in BLAST[frm] if b[i]]
                    ours, theirs = self.dead_value(b, dead, bases)
                    gain = theirs - ours
                    src = None
                else:
                    src = frm
                    if to is not None:
                        b[to] = b[frm]
                        b[frm] = 0
                        src = to
                        changed.append(to)
                    if tgt is not None:
                        dead = resolve(b, src, tgt, partners if partners or ((b[src] & 31) - 1) in SCALE else None)
                        ours, theirs = self.dead_value(b, dead, bases)
                        gain = theirs - ours
                        changed.append(tgt)
                for i in dead:
                    v = b[i]
                    if (v & 31) - 1 == NB:
                        bases[v >> 5] -= 1
                    if v >> 5:
                        gain += BTHREAT * base_threat(i)
                    b[i] = 0
                changed.extend(dead)
                if dead:
                    ndestroy += 1
                if bases[1] <= 0 and bases[0] > 0:
                    total += gain + 5000.0
                    continue
                if bases[0] <= 0:
                    total += gain - 5000.0
                    continue
                # the enemy's reply
                saved = self.bases
                self.bases = bases
                near = set()
                for s in enemy_sqs:
                    for c in changed:
                        if cheb(s, c) <= 4:
                            near.add(s)
                            break
                best = None
                maxact = 0.0
                for s in order:
                    if s not in near:
                        best = base[s]
                        break
                for s in order_act:
                    if s not in near:
                        maxact = max(maxact, base[s][3])
                        break
                for s in sorted(near):
                    if b[s] and (b[s] >> 5) == 1:
                        r = self.opp_best_from(b, s)
                        if r is not None:
                            if best is None or r[0] > best[0]:
                                best = r
                            if r[3] > maxact:
                                maxact = r[3]
                replied = best is not None and best[0] > 0.15
                reply = best[1] if replied else 0.0
                reply = (1.0 - PESSIMISM) * reply + PESSIMISM * max(reply, maxact)
                total += gain - reply
                # our follow-up threats from the acting unit, if it survives the reply
                if src is not None and b[src] and not (b[src] >> 5) and not (replied and src in best[2]):
                    k = (b[src] & 31) - 1
                    tl = ()
                    fw = {}
                    if k in SCALE or k == FS:
                        v0 = b[src]
                        for pos in (src,) + tuple(m for m in N4[src] if not b[m]):
                            if pos != src:
                                b[pos] = v0
                                b[src] = 0
                            for t in N4[pos]:
                                if b[t] and (b[t] >> 5):
                                    dd = resolve(b, pos, t)
                                    o2, t2 = self.dead_value(b, dd, bases)
                                    g2 = (t2 - o2) * (1.0 if pos == src else 0.7)
                                    if t not in fw or g2 > fw[t]:
                                        fw[t] = g2
                            if pos != src:
                                b[src] = v0
                                b[pos] = 0
                    elif k == AC and any(b[n] == cell(0, CV) for n in N8[src]):
                        for ray in RAYS[src]:
                            for t in ray:
                                if b[t] and (b[t] >> 5):
                                    dd = resolve(b, src, t)
                                    o2, t2 = self.dead_value(b, dd, bases)
                                    fw[t] = t2 - o2
                    for t, g2 in fw.items():
                        follow[t] = follow.get(t, 0.0) + g2
                self.bases = saved
            nw = len(wboards)
            sc = total / nw
            if follow:
                fb = max(follow.values()) / nw
                if fb > 0:
                    sc += FOLLOW * min(fb, 45.0)
            if to is not None and tgt is None:
                sc += prog.get(a, 0.0)
                if last is not None and last == (to, frm):
                    sc -= 0.4
            if tgt is not None or det:
                # the quiet-ply count: when ahead, prefer keeping the game alive with a capture
                fd = ndestroy / nw
                if ahead and quiet > 120:
                    sc += 0.02 * (quiet - 120) * (1 if sc > -3 else 0) * fd
                if fd == 0:
                    sc -= 0.5   # a strike that changes nothing wastes the turn
            sc += rng.random() * 0.01
            scores[a] = sc
        # when ahead and the quiet count runs high, prefer actions that bring contact
        if ahead and quiet > 150:
            for a in cands:
                frm, to = parsed[a][0], parsed[a][1]
                if to is not None and parsed[a][2] is None and enemy_sqs:
                    d0 = min(manh(frm, e) for e in enemy_sqs)
                    d1 = min(manh(to, e) for e in enemy_sqs)
                    scores[a] += 0.1 * (d0 - d1)
        best_a = max(cands, key=lambda a: (scores[a], -cands.index(a)))
        dt = time.time() - t0
        self.times.append(dt)
        self.trace("turn ply=%d cands=%d worlds=%d best=%s score=%.2f ms=%.1f" % (
            ply, len(cands), len(wboards), best_a, scores[best_a], dt * 1000))
        return best_a

    def defend(self, msg):
        view = msg["view"]
        options = msg["options"]
        board, enemy_seen = self.read_view(view)
        attack = msg.get("attack", "")
        p = self.parse_action(attack)
        frm, to = p[0], p[1]
        src = to if to is not None else frm
        # what can the attacker's group be?
        kind = enemy_seen.get(frm)
        if kind is None and frm in self.markers and len(self.markers[frm][0]) == 1:
            kind = next(iter(self.markers[frm][0]))
        opts = []
        for o in options:
            q = o.replace(" ", "")
            if "(" in q:
                t, ps = q.split("(", 1)
                sqs = [t] + [x for x in ps.rstrip(")").split(",") if x]
            else:
                sqs = [q]
            kinds = []
            for s in sqs:
                v = board[sqidx(s)]
                kinds.append((v & 31) - 1 if v else MS)
            r = FORM.get(tuple(sorted(kinds)), 0)
            val = sum(WORTH[k] for k in kinds)
            opts.append((o, r, val, len(sqs)))
        if kind is None or kind not in SCALE:
            return options[0]
        # the attacker's best possible rank: itself plus adjacent markers that may be partners
        amax = SINGLE[kind]
        nbrs = [n for n in N4[src] if n in enemy_seen and n != frm]
        if nbrs:
            amax = 0
            for n in nbrs:
                poss = self.markers.get(n, [set(SCALE)])[0]
                for k2 in poss:
                    if k2 in SCALE:
                        r = FORM.get(tuple(sorted((kind, k2))), 0)
                        amax = max(amax, r)
                        for n2 in N4[n] + N4[src]:
                            if n2 != src and n2 != n and n2 != frm and n2 in enemy_seen:
                                for k3 in self.markers.get(n2, [set(SCALE)])[0]:
                                    if k3 in SCALE:
                                        amax = max(amax, FORM.get(tuple(sorted((kind, k2, k3))), 0))
            amax = max(amax, SINGLE[kind])
        win = [o for o in opts if o[1] > amax]
        if win:
            return min(win, key=lambda o: (o[2], o[3]))[0]
        tie = [o for o in opts if o[1] == amax]
        if tie:
            return min(tie, key=lambda o: (o[2], o[3]))[0]
        return min(opts, key=lambda o: (o[2], o[3]))[0]


def main():
    args = sys.argv[1:]
    log = None
    seed = 1
    rest = []
    i = 0
    while i < len(args):
        if args[i] == "--log" and i + 1 < len(args):
            log = args[i + 1]
            i += 2
            continue
        if args[i].startswith("--log="):
            log = args[i][6:]
            i += 1
            continue
        rest.append(args[i])
        i += 1
    if rest:
        try:
            seed = int(rest[0])
        except ValueError:
            seed = sum(ord(c) for c in rest[0])
    player = Player(seed, log)
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except Exception:
            continue
        typ = msg.get("type")
        reply = None
        if typ == "setup":
            side = msg.get("side", "south")
            lay = player.layout(side)
            player.me = side
            player.trace("setup side=%s seed=%d layout=%s" % (side, seed, lay.replace("\n", "/")))
            reply = {"layout": lay}
        elif typ == "turn":
            try:
                act = player.decide(msg)
            except Exception as e:  # never crash
                player.trace("error turn: %r" % (e,))
                act = msg["legal"][0]
            reply = {"action": act}
        elif typ == "defend":
            try:
                d = player.defend(msg)
                if d not in msg["options"]:
                    d = msg["options"][0]
            except Exception as e:
                player.trace("error defend: %r" % (e,))
                d = msg["options"][0]
            reply = {"defense": d}
        elif typ == "end":
            ts = player.times
            if ts:
                s = sorted(ts)
                v = msg.get("view") or {}
                player.trace("losses own=%s enemy=%s" % (v.get("own_losses"), v.get("enemy_losses")))
                player.trace("end result=%s reason=%s decisions=%d mean_ms=%.1f p95_ms=%.1f max_ms=%.1f" % (
                    msg.get("result"), msg.get("reason"), len(s), 1000 * sum(s) / len(s),
                    1000 * s[min(len(s) - 1, int(0.95 * len(s)))], 1000 * s[-1]))
            else:
                player.trace("end result=%s reason=%s" % (msg.get("result"), msg.get("reason")))
            break
        if reply is not None:
            out.write(json.dumps(reply) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
