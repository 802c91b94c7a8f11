"""Dancing Dice (Silvano Sorrentino), played to the letter.

Rules in brief: 2-6 players, each with six dice (three white with coloured
steps, three coloured with white steps) and 10 endurance. Each round every
dancer rolls in secret, may re-roll any subset once (announcing how many),
and arranges the dice into two rows of three. Dances rank Boogie (1-1-1),
Tap-dance (2-2-2), Cha-cha-cha (3-3-3), the Tango (the three Tango dice),
then sums 18..4; a pure dance beats an equal mixed one. In each of the two
dances the best floor(n/2), and all tied with the last of them, are
satisfactory; the rest lose one endurance. A Rock (two equal rows) loses
nothing; a Gala (six equal dice) loses nothing and gains 2 (max 10). At 0 a
dancer is out at once. The last dancer wins.

Chance: every die is an explicit chance node with six outcomes. Secrets: a
seat's dice and pending choices are hidden from the others until the reveal;
re-roll counts are announced once everyone has chosen.
"""

from ballroom.core.game import register
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.games.dancing_dice.state import DancingDiceState

register(DancingDice)

__all__ = ["DancingDice", "DancingDiceState"]
