#!/usr/bin/env python3
"""A rule-based Admiral player for the JSON-lines player protocol (doc/player-protocol.md).

A stand-in for outside programs: plain Python 3, standard library only, deciding from its own
view (the `view` it is sent) and choosing from the `legal` list. It never calls the engine.

    python3 players/rulebook.py [SEED] [--log FILE]

Each legal action is scored by a fixed list of habits (see players/README.md) and the best is
played. Attacks are judged by sampling what the unknown markers near the target might be (from
the enemy units still unaccounted for) and applying the rules' special encounters and the
formation scale to each sample.
"""

import json
import random
import re
import sys
import time

COLS = "abcdefghijklmn"
KINDS = ["CV", "BB", "CR", "RD", "DD", "PS", "TB", "CS", "MS", "SS",
         "AC", "TP", "MN", "SM", "FS", "AB", "NB"]
FLEET = {"CV": 1, "BB": 2, "CR": 6, "RD": 2, "DD": 6, "PS": 6, "TB": 6, "CS": 1, "MS": 6,
         "SS": 6, "AC": 1, "TP": 4, "MN": 6, "SM": 1, "FS": 1, "AB": 1, "NB": 2}
SHIPS = {"CV", "BB", "CR", "RD", "DD", "PS", "TB", "CS", "MS", "SS"}
SCALE = SHIPS - {"CV"}
SINGLE = {"BB": 15, "CR": 7, "RD": 8, "DD": 5, "PS": 2, "TB": 3, "CS": 6, "MS": 1, "SS": 4}
TABLE = {
    ("BB", "BB"): 21, ("CR", "CR", "CR"): 20, ("DD", "RD", "RD"): 19, ("CR", "CR"): 18,
    ("CS", "SS", "SS"): 17, ("SS", "SS", "SS"): 16, ("BB",): 15, ("RD", "RD"): 14,
    ("DD", "DD", "DD"): 13, ("DD", "RD"): 12, ("DD", "DD"): 11, ("CS", "SS"): 10,
    ("SS", "SS"): 9, ("RD",): 8, ("CR",): 7, ("CS",): 6, ("DD",): 5, ("SS",): 4, ("TB",): 3,
    ("PS",): 2, ("MS",): 1,
}
# What a unit is worth, to either side (bases are judged apart).
VALUE = {"CV": 8, "BB": 14, "CR": 7, "RD": 9, "DD": 5, "PS": 2, "TB": 3, "CS": 6, "MS": 2.5,
         "SS": 4, "AC": 14, "TP": 2.5, "MN": 2, "SM": 1, "FS": 4, "AB": 6, "NB": 40}
CHEAP = {"MS", "PS", "TB"}
IMMOBILE = {"NB", "SM"}
SAMPLES = 24
ACTION_RE = re.compile(r"^([a-n]\d+)(?:-([a-n]\d+))?(?:x([a-n]\d+)(?:\(([^)]*)\))?)?(!)?$")


def sq(name):
    return (COLS.index(name[0]), int(name[1:]))


def name(s):
    return COLS[s[0]] + str(s[1])


def orth(s):
    c, r = s
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= c + dc < 14 and 1 <= r + dr <= 15:
            yield (c + dc, r + dr)


def cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manh(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def strength(kinds):
    return TABLE.get(tuple(sorted(kinds)))


class Log:
    def __init__(self, path):
        self.f = open(path, "a") if path else None

    def __call__(self, *parts):
        if self.f:
            self.f.write(" ".join(str(p) for p in parts) + "\n")
            self.f.flush()


# ---------------------------------------------------------------- setup

# The zone from the owner's seat, front row first. Bases in the back row behind mines,
# carrier and aircraft in the rear middle with guards, mines beside destroyers, torpedoes
# beside torpedo boats, strong groups (SS+SS+SS, BB+BB, CR+CR+CR, RD+RD+DD, CS+SS+SS).
LAYOUT = [
    "MS PS TB TP SS SS SS PS . MS TP TB PS MS",
    ". DD CR CR CR AB BB BB . RD RD DD SS PS",
    "TB TP DD . CS SS SS FS . . CR CR CR TB",
    "MN DD MS PS MN . TB TP TB . DD MS PS MN",
    "SM MN NB MN . MS AC CV DD . MN NB . .",
]


def make_layout(rng, layout=LAYOUT):
    """`layout` (the one above by default), mirrored at random, a few front-row squares
    swapped."""
    rows = [line.split() for line in layout]
    if rng.random() < 0.5:
        rows = [list(reversed(r)) for r in rows]
    for _ in range(rng.randint(0, 4)):
        a, b = rng.randrange(14), rng.randrange(14)
        if {rows[0][a], rows[0][b]} <= {"MS", "PS", "SS", "."}:
            rows[0][a], rows[0][b] = rows[0][b], rows[0][a]
    return "\n".join(" ".join(r) for r in rows)


# ---------------------------------------------------------------- the player


class Player:
    def __init__(self, seed, log):
        self.rng = random.Random(seed)
        self.log = log
        self.side = "south"
        self.recent = []  # my recent moves (from, to)
        self.visits = {}

    # -- view

    def read_view(self, view):
        self.own, self.enemy = {}, {}
        lines = view["cells"].split("\n")
        for i, line in enumerate(lines):
            r = 15 - i
            for c, tok in enumerate(line.split()):
                if tok == ".":
                    continue
                if tok.startswith("?"):
                    self.enemy[(c, r)] = tok[1:].upper() or None
                else:
                    self.own[(c, r)] = tok.upper()
        self.moved = {sq(s) for s in view.get("moved_markers", [])}
        self.exposed = {sq(s) for s in view.get("exposed", [])}
        self.quiet = view.get("quiet_plies", 0)
        self.ply = view.get("ply", 0)
        lost = view.get("enemy_losses", [0] * len(KINDS))
        alive = {k: FLEET[k] - lost[i] for i, k in enumerate(KINDS)}
        known = {}
        for k in self.enemy.values():
            if k:
                known[k] = known.get(k, 0) + 1
        self.pool = {k: max(0, alive[k] - known.get(k, 0)) for k in KINDS}
        self.enemy_bases = alive["NB"]
        self.enemy_ac = alive["AC"] > 0
        olost = view.get("own_losses", [0] * len(KINDS))
        self.my_ac = FLEET["AC"] - olost[KINDS.index("AC")] > 0
        unknown = [s for s, k in self.enemy.items() if k is None]
        self.n_unknown = max(1, len(unknown))
        self.n_unmoved = max(1, sum(1 for s in unknown if s not in self.moved))
        self.fwd = 1 if self.side == "south" else -1
        self.samples = {}

    def base_value(self):
        return 1000 if self.enemy_bases <= 1 else 60

    def value(self, k, mine=False):
        if k == "NB":
            return 500 if mine else self.base_value()
        v = VALUE[k]
        if k == "CV" and (self.my_ac if mine else self.enemy_ac):
            v += VALUE["AC"]
        return v

    def weights(self, s):
        """Relative likelihood of each kind for the unknown marker on s."""
        w = {}
        unmoved = s not in self.moved
        for k, n in self.pool.items():
            if n <= 0:
                continue
            if k in IMMOBILE or k == "MN":
                if not unmoved:
                    continue
                w[k] = n * self.n_unknown / self.n_unmoved
            elif k in ("CV", "AC", "TP", "AB") and unmoved:
                w[k] = n * 1.3
            else:
                w[k] = n
        # the enemy carrier touches its aircraft: a marker beside a known aircraft is likely it
        if w.get("CV") and any(k == "AC" and cheb(m, s) == 1 for m, k in self.enemy.items()):
            w["CV"] *= 40
        return w

    def draw(self, s, pool):
        w = self.weights(s)
        items = [(k, x * (pool.get(k, 0) > 0)) for k, x in w.items()]
        total = sum(x for _, x in items)
        if total <= 0:
            return "SS"
        r = self.rng.random() * total
        for k, x in items:
            r -= x
            if r <= 0:
                pool[k] -= 1
                return k
        return items[-1][0]

    def worlds(self, centre):
        """Samples of what the enemy markers within two squares of centre are."""
        if centre in self.samples:
            return self.samples[centre]
        near = [s for s in self.enemy if cheb(s, centre) <= 2]
        if len(near) == 1 and self.enemy[near[0]]:
            out = [{near[0]: self.enemy[near[0]]}]
        else:
            out = []
            for _ in range(SAMPLES):
                pool = dict(self.pool)
                world = {}
                for s in near:
                    world[s] = self.enemy[s] or self.draw(s, pool)
                out.append(world)
        self.samples[centre] = out
        return out

    # -- battles

    def best_group(self, target, world):
        """The defender's strongest group with target in it: (strength, squares)."""
        k = world[target]
        best = (SINGLE[k], [target])
        n1 = [s for s in orth(target) if world.get(s) in SCALE]
        for a in n1:
            st = strength([k, world[a]])
            if st and st > best[0]:
                best = (st, [target, a])
        for i, a in enumerate(n1):
            cands = n1[i + 1:] + [b for b in orth(a)
                                  if b != target and world.get(b) in SCALE]
            for b in cands:
                st = strength([k, world[a], world[b]])
                if st and st > best[0]:
                    best = (st, [target, a, b])
        return best

    def blast(self, centre, world):
        """(enemy value destroyed, own value destroyed) by a bomb exploding on centre."""
        gain = sum(self.value(k) for s, k in world.items() if cheb(s, centre) <= 2)
        loss = sum(self.value(k, True) for s, k in self.own.items() if cheb(s, centre) <= 2)
        return gain, loss

    def resolve(self, a_kind, a_sq, partners, t_sq, world):
        """Value gained and lost by the attack in one sampled world."""
        t = world[t_sq]
        own_a = self.value(a_kind, True)
        if t == "AB":
            # the blast takes whatever stands in it, the attacker too if it is inside
            return self.blast(t_sq, world)
        if t == "NB":
            return self.base_value(), own_a if a_kind in ("TP", "FS") else 0
        if a_kind == "AC":
            if t in ("BB", "RD"):
                return 0, own_a
            if t == "AC":
                return self.value(t), own_a
            if t in SHIPS:
                return self.value(t), 0
            return (0.3 if self.enemy[t_sq] is None else -0.5), 0
        if a_kind == "TP":
            if t in SHIPS or t in ("MN", "SM", "FS", "TP"):
                return self.value(t), own_a
            return 0.3, own_a
        if a_kind == "FS":
            if t == "AC":
                return 0.3, 0
            return self.value(t), own_a
        # a scale ship, by contact
        if t == "CV":
            return self.value("CV"), 0
        if t == "AC":
            return (self.value("AC"), 0) if a_kind in ("BB", "RD") else (0, own_a)
        if t == "MN":
            return (self.value("MN"), 0) if a_kind == "MS" else (self.value("MN"), own_a)
        if t == "SM" or t == "FS":
            return self.value(t), own_a
        if t == "TP":
            armed = any(world.get(s) == "TB" for s in world if cheb(s, t_sq) == 1)
            return (self.value("TP"), own_a) if armed else (self.value("TP"), 0)
        if t in SCALE:
            group = [a_kind] + [k for _, k in partners]
            sa = strength(group) or SINGLE[a_kind]
            sd, members = self.best_group(t_sq, world)
            mine = sum(self.value(k, True) for k in group)
            theirs = sum(self.value(world[s]) for s in members)
            if sa > sd:
                return theirs, 0
            if sa < sd:
                return 0, mine
            return theirs, mine
        return 0, 0

    def judge_attack(self, a_kind, a_sq, partners, t_sq):
        ws = self.worlds(t_sq)
        g = l = 0.0
        for w in ws:
            gg, ll = self.resolve(a_kind, a_sq, partners, t_sq, w)
            g += gg
            l += ll
        return g / len(ws), l / len(ws)

    # -- threats

    def beats(self, e, k):
        """Probability-free: does an enemy kind e, attacking alone, destroy my kind k?"""
        if e in ("CV", "MN", "SM", "NB", "AB", "AC", "TP"):
            return False
        if k == "CV" or k == "NB":
            return True
        if e == "FS":
            return k != "AC"
        if k == "AC":
            return e in ("BB", "RD")
        if k in SCALE:
            return SINGLE[e] > SINGLE[k]
        return k in ("AB",)

    def p_beats(self, m, k):
        e = self.enemy[m]
        if e:
            return 1.0 if self.beats(e, k) else 0.0
        w = self.weights(m)
        tot = sum(w.values()) or 1
        return sum(x for kk, x in w.items() if self.beats(kk, k)) / tot

    def risk(self, s, k, own, vacated=None):
        """Expected loss of my unit k on s next turn, from markers that can reach it."""
        if k in ("NB", "SM", "MN"):
            return 0.0
        worst = 0.0
        for m in self.enemy:
            d = manh(m, s)
            if d > 2:
                continue
            if d == 2:
                if not any(x not in own and x not in self.enemy or x == vacated
                           for x in orth(s) if manh(x, m) == 1):
                    continue
            p = self.p_beats(m, k)
            if self.enemy[m] is None:
                p *= 0.9 if s in self.exposed else 0.5
                if d == 2:
                    p *= 0.6
            worst = max(worst, p)
        # an unknown marker one or two squares along a line may be an armed torpedo
        if k in SHIPS and k not in CHEAP:
            for m, e in self.enemy.items():
                if e is None and (m[0] == s[0] or m[1] == s[1]) and manh(m, s) <= 2 and \
                        self.pool["TP"]:
                    worst = max(worst, 0.15)
        # a known enemy aircraft along a line
        for m, e in self.enemy.items():
            if e == "AC" and (m[0] == s[0] or m[1] == s[1]) and manh(m, s) <= 4 and \
                    k not in ("BB", "RD"):
                worst = max(worst, 0.7)
        return worst * self.value(k, True)

    # -- choosing

    def choose(self, legal):
        own = self.own
        mycv = [s for s, k in own.items() if k == "CV"]
        mynb = [s for s, k in own.items() if k == "NB"]
        targets = [(s, k) for s, k in self.enemy.items() if k]
        # markers touching a known enemy aircraft: its carrier, most likely
        targets += [(s, "CV") for s, k in self.enemy.items() if k is None and self.pool["CV"]
                    and any(kk == "AC" and cheb(m, s) == 1 for m, kk in self.enemy.items())]
        unknown = [s for s, k in self.enemy.items() if k is None]
        aggression = self.aggression()
        best, best_score, notes = None, -1e9, ""
        for act in legal:
            m = ACTION_RE.match(act)
            if not m:
                continue
            src, mid, tgt, parts, bang = m.groups()
            src = sq(src)
            kind = own.get(src)
            if kind is None:
                continue
            score = self.rng.random() * 0.05
            why = ""
            if bang:
                empty = not any(cheb(s, src) <= 2 for s in self.enemy)
                gs, ls = [], []
                for w in self.worlds(src):
                    g, l = self.blast(src, w)
                    gs.append(g)
                    ls.append(l)
                g, l = sum(gs) / len(gs), sum(ls) / len(ls)
                score += g - 1.3 * l - 4
                why = "bomb g=%.1f l=%.1f" % (g, l)
                if empty:
                    score -= 100
            else:
                at = sq(mid) if mid else src
                if tgt:
                    t = sq(tgt)
                    partners = []
                    if parts:
                        partners = [(sq(p), own[sq(p)]) for p in parts.split(",")]
                    g, l = self.judge_attack(kind, at, partners, t)
                    score += g * aggression - l
                    # protect the carrier and the bases
                    if any(manh(t, c) <= 2 for c in mycv + mynb):
                        score += 3 * (g > l)
                    # surviving attackers stand revealed: a little of the risk where they end
                    if mid:
                        score -= 0.3 * self.risk(at, kind, own, vacated=src)
                    score -= self.attack_caution(kind, partners, t, mycv)
                    why = "attack g=%.1f l=%.1f" % (g, l)
                if mid:
                    score += self.move_score(kind, src, at, mycv, mynb, targets, unknown)
            if score > best_score:
                best, best_score, notes = act, score, why
        self.log("ply", self.ply, "quiet", self.quiet, "choose", best, "%.2f" % best_score, notes)
        return best

    def aggression(self):
        """How much an attack's expected gain counts: more as the quiet-ply draw nears."""
        return 1.0 + (0.4 if self.quiet > 80 else 0) + (0.6 if self.quiet > 140 else 0)

    def attack_caution(self, kind, partners, t, mycv):
        """What an attack by `kind` (with `partners`) on `t` costs beyond its expected value."""
        cost = 0.0
        if self.enemy[t] is None and kind in ("BB", "RD", "CR", "CS", "DD"):
            # no valuable ship into an unknown marker, least of all a group
            cost += 1.5 if kind == "DD" else 3
            if any(x in self.enemy for x in orth(t)):
                cost += 3
        if kind == "AC":
            cost += 1.0  # striking shows where the aircraft (and carrier) live
            if any(cheb(c, e) <= 3 for c in mycv for e in self.enemy):
                cost += 2
        return cost

    def move_score(self, kind, src, dst, mycv, mynb, targets, unknown):
        own = self.own
        score = 0.0
        # flee from (or stay out of) reach of markers that beat it
        moved_own = dict(own)
        del moved_own[src]
        moved_own[dst] = kind
        score += self.risk(src, kind, own) - self.risk(dst, kind, moved_own, vacated=src)
        # the carrier stays back and guarded; its guards stay
        if kind == "CV":
            score -= 2.0
            if any(manh(dst, e) <= 3 for e in self.enemy):
                score -= 5
        if kind == "AC":
            score -= 1.0
        if kind in ("MN", "TP"):
            score -= 0.3
        for c in mycv:
            if manh(src, c) == 1 and manh(dst, c) != 1:
                score -= 1.2
            if manh(dst, c) == 1 and manh(src, c) != 1:
                score += 0.4
        for b in mynb:
            if manh(src, b) == 1 and manh(dst, b) != 1:
                score -= 0.6
        # avoid shuffling
        if (dst, src) in self.recent[-6:]:
            score -= 0.8
        score -= 0.15 * self.visits.get((kind, dst), 0)
        # hunt: identified pieces it beats alone, with the weakest unit that does
        if kind in SCALE:
            best = 0.0
            for t, k in targets:
                if not self.beats_alone(kind, k):
                    continue
                gain = (manh(src, t) - manh(dst, t)) * min(self.value(k), 10) / \
                    (8.0 + VALUE[kind]) / (1 + 0.2 * manh(dst, t))
                best = max(best, gain)
            score += best
        # torpedoes (with their boats) and the fireship go for identified big ships
        if kind in ("TP", "FS") or (kind == "TB" and any(
                own.get(x) == "TP" for x in own if cheb(x, src) == 1)):
            best = 0.0
            for t, k in targets:
                if k in ("BB", "RD", "CR", "CS", "CV"):
                    gain = (manh(src, t) - manh(dst, t)) * self.value(k) / 12.0
                    best = max(best, gain / (1 + 0.15 * manh(dst, t)))
            score += best + (0.3 if kind == "TP" and best > 0 else 0)
        # minesweepers toward known mines
        if kind == "MS":
            for t, k in targets:
                if k == "MN":
                    score += 0.3 * (manh(src, t) - manh(dst, t))
                    break
        # advance: cheap units scout, the rest come on in groups
        if kind in SCALE or kind == "FS":
            if unknown:
                d0 = min(manh(src, u) for u in unknown)
                d1 = min(manh(dst, u) for u in unknown)
                w = 0.35 if kind in CHEAP else 0.12 if kind == "SS" else 0.05
                if kind == "FS":
                    w = 0.1
                if self.quiet > 100:
                    w *= 2
                score += w * (d0 - d1)
            if kind not in CHEAP:
                partners = sum(1 for x in orth(dst) if moved_own.get(x) in SCALE)
                score += 0.1 * min(partners, 2)
                if partners == 0:
                    score -= 0.2
        return score

    def beats_alone(self, a, k):
        if k in ("CV", "TP", "NB"):
            return True
        if k == "AC":
            return a in ("BB", "RD")
        if k == "MN":
            return a == "MS"
        if k in SCALE:
            return SINGLE[a] > SINGLE[k]
        return False

    def defend(self, options):
        return options[0]


def log_history(log, history):
    """The battles and strikes of the plies since the last turn, one line each."""
    if not log.f:
        return
    for ply in history:
        for ev in ply.get("events", []):
            t = ev.get("type")
            if t == "battle":
                log("  battle", ply.get("side"), ply.get("action"),
                    "+".join(m["kind"] for m in ev["attackers"]), ev["attack_strength"], "vs",
                    "+".join(m["kind"] for m in ev["defenders"]), ev["defense_strength"],
                    "winner", ev.get("winner"))
            elif t == "struck":
                log("  struck", ply.get("side"), ply.get("action"), ev["weapon"],
                    ev["attacker"]["kind"], "->", ev["target"]["kind"])
            elif t == "destroyed":
                log("  destroyed", ev["side"], ev["kind"], ev["square"])


def main(player_class=None, layout=LAYOUT):
    """Plays one game over stdin and stdout as `player_class` (a `Player` by default), set up
    from `layout`."""
    args = sys.argv[1:]
    seed, logpath = None, None
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
    log = Log(logpath)
    player = (player_class or Player)(seed, log)
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        kind = msg.get("type")
        if kind == "setup":
            player.side = msg.get("side", "south")
            setup = make_layout(random.Random(seed), layout)
            log("setup", player.side, msg.get("opponent"))
            out.write(json.dumps({"layout": setup}) + "\n")
            out.flush()
        elif kind == "turn":
            started = time.time()
            legal = msg.get("legal") or []
            log_history(log, msg.get("history") or [])
            try:
                player.read_view(msg["view"])
                action = player.choose(legal)
            except Exception as exc:  # never forfeit on a bug: log it and play something
                log("error", repr(exc))
                action = None
            if action is None:
                action = legal[0] if legal else None
            if action is None:
                out.write(json.dumps({"resign": True}) + "\n")
            else:
                m = ACTION_RE.match(action)
                if m and m.group(2):
                    a, b = sq(m.group(1)), sq(m.group(2))
                    player.recent.append((a, b))
                    k = player.own.get(a)
                    player.visits[(k, b)] = player.visits.get((k, b), 0) + 1
                out.write(json.dumps({"action": action}) + "\n")
            out.flush()
            log("ms", round((time.time() - started) * 1000, 1))
        elif kind == "defend":
            options = msg.get("options") or []
            try:
                player.read_view(msg["view"])
                choice = player.defend(options)
            except Exception as exc:
                log("error", repr(exc))
                choice = options[0] if options else ""
            out.write(json.dumps({"defense": choice}) + "\n")
            out.flush()
        elif kind == "end":
            log("end", msg.get("result"), msg.get("reason"))
            log((msg.get("view") or {}).get("cells", ""))
            break


if __name__ == "__main__":
    main()
