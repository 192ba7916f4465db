#!/usr/bin/env python3
"""A cautious, defensive Admiral player for the JSON-lines player protocol.

    python3 players/cautious.py [SEED] [--log FILE]

The second stand-in for outside programs (players/README.md), deliberately unlike
rulebook.py, whose judgement of attacks and risks it reuses: it keeps its fleet in formation
in its own half, attacks only what it surely beats (an identified unit, the marker that has
just struck it, a marker next to its carrier or bases). Only after 60 plies without a
destruction does it leave its half and probe with cheap units (after 100 it attacks if it
can), against the 200-ply draw. Standard library only; it never calls the engine.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rulebook  # noqa: E402  (the sibling file, not an installed package)
from rulebook import CHEAP, SCALE, cheb, manh, orth, sq  # noqa: E402

# Bases in the back corners' second squares behind mines, the carrier in the back middle,
# the strongest groups in the rear rows, cheap ships and torpedo boats in front.
LAYOUT = [
    "PS MS TB TP PS SS SS SS PS TB TP MS PS MS",
    "MS TB TP DD DD . CS SS SS . DD DD TP TB",
    "DD . CR CR CR . BB BB . CR CR CR . RD",
    "MN RD PS MN SS AB FS MS AC CV MN TB . MN",
    "SM NB MN DD PS . MS TB . . . MN NB .",
]


class Cautious(rulebook.Player):
    def read_view(self, view):
        super().read_view(view)
        # the enemy unit that has just struck us, where it now stands
        self.striker = None
        for ev in view.get("last_turn") or []:
            if ev.get("type") == "struck" and ev.get("side") != self.side:
                self.striker = sq(ev["attacker"]["square"])

    def allowed(self, act):
        m = rulebook.ACTION_RE.match(act)
        if not m:
            return False
        src, mid, tgt, parts, bang = m.groups()
        if bang:
            return True  # judged as rulebook judges it: only a clearly good blast
        if not tgt:
            return True
        src, t = sq(src), sq(tgt)
        kind = self.own.get(src)
        at = sq(mid) if mid else src
        partners = [(sq(p), self.own[sq(p)]) for p in parts.split(",")] if parts else []
        g, l = self.judge_attack(kind, at, partners, t)
        if self.enemy.get(t) and l == 0 and g > 0:
            return True  # surely wins
        if t == self.striker and g > l:
            return True  # counter-attack
        home = [s for s, k in self.own.items() if k in ("CV", "NB")]
        if any(manh(t, h) <= 2 for h in home) and g > l:
            return True  # defence
        if self.quiet > 60 and kind in CHEAP | {"TP"}:
            return True  # a probe against the draw
        return False

    def choose(self, legal):
        chosen = [a for a in legal if self.allowed(a)]
        if self.quiet > 100:  # the draw nears: attack if it can
            attacks = [a for a in chosen if "x" in a]
            chosen = attacks or chosen
        return super().choose(chosen or legal)

    def move_score(self, kind, src, dst, mycv, mynb, targets, unknown):
        score = super().move_score(kind, src, dst, mycv, mynb, targets, unknown)
        # stay in our own half unless the draw nears
        half = 8 - self.fwd  # row 7 for South, row 9 for North
        beyond = (dst[1] - half) * self.fwd
        if beyond > 0 and self.quiet < 60:
            score -= 0.4 * beyond
        # keep formation: a scale ship keeps a partner beside it
        if kind in SCALE and kind not in CHEAP:
            before = sum(1 for x in orth(src) if self.own.get(x) in SCALE)
            after = sum(1 for x in orth(dst) if x != src and self.own.get(x) in SCALE)
            if before and not after:
                score -= 0.6
        # do not wander near unknown markers with valuable ships
        if kind in ("BB", "RD", "CR", "CS") and any(
                cheb(dst, e) <= 1 for e, k in self.enemy.items() if k is None):
            score -= 0.5
        return score


if __name__ == "__main__":
    rulebook.main(player_class=Cautious, layout=LAYOUT)
