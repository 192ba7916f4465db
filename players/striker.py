#!/usr/bin/env python3
"""An aggressive Admiral player for the JSON-lines player protocol.

    python3 players/striker.py [SEED] [--log FILE]

The third stand-in for outside programs (players/README.md), built to be unlike both others:
where rulebook.py probes with cheap units and cautious.py waits in its own half, this one
attacks in formation. Its strike groups stand in the front rows, march together on the
enemy's back rows (where the bases stand), and charge unknown markers whenever the group they
name beats most single ships; the aircraft strikes without a thought for what that shows. It
reuses rulebook.py's judgement of attacks and risks. Standard library only; it never calls
the engine.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rulebook  # noqa: E402  (the sibling file, not an installed package)
from rulebook import CHEAP, SCALE, orth, strength  # noqa: E402

# Strike groups right behind a thin front row, the bases in the back corners' inner squares
# behind mines, the carrier in the back middle.
LAYOUT = [
    "PS MS SS SS SS PS . TB . PS SS SS CS MS",
    "CR CR CR . BB BB . RD RD DD . CR CR CR",
    "TB TP DD DD . MS TB TP PS DD . MS TP DD",
    "MN PS TB . MN AB AC CV FS MN . TB TP MN",
    "SM NB MN MS . DD PS SS TB . MN NB MS .",
]

# A group this strong (on the formation table) charges unknown markers without a second
# thought: it beats every single ship but a battleship.
CHARGE = strength(["CR", "CR"])


class Striker(rulebook.Player):
    def attack_caution(self, kind, partners, t, mycv):
        if kind == "AC":
            return 0.0
        if (strength([kind] + [k for _, k in partners]) or 0) >= CHARGE:
            return 0.0
        return super().attack_caution(kind, partners, t, mycv)

    def aggression(self):
        # An attack's expected gain counts for more than the rulebook's: it would rather trade
        # than wait.
        return super().aggression() + 0.5

    def move_score(self, kind, src, dst, mycv, mynb, targets, unknown):
        score = super().move_score(kind, src, dst, mycv, mynb, targets, unknown)
        if kind in SCALE and kind not in CHEAP:
            # march on the enemy's back rows, keeping a partner alongside
            gain = (dst[1] - src[1]) * self.fwd
            after = sum(1 for x in orth(dst) if x != src and self.own.get(x) in SCALE)
            score += (0.25 if after else 0.05) * gain
        return score


if __name__ == "__main__":
    rulebook.main(player_class=Striker, layout=LAYOUT)
