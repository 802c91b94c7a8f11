"""The Dance: vampire families court the Dancers of a grand ball (2-6 players).

Rules in brief. Set-up: each family picks an Avatar (youngest to oldest, so
the first player picks last) and a Sanctuary, draws two Powers and keeps one (both with SUPER VILLAINS), draws four Refreshments (six
with Old Wealth) and a secret Plan; the Dancers are placed at random on the
white circles, the Server on the hex a die shows, the Avatars on their
Sanctuaries' entry hexes. Each game turn every family, in seat order from the
first player (the Initiative holder with INITIATIVE), takes a Dance step (the
Avatar moves up to its Movement one hex at a time; each Influenced Dancer up
to two hexes; an Influenced Dancer on the entry hex is seated for one
Movement) and an Influence step (Influence a Dancer: roll at most Avatar +
Dancer + Refreshment pips in one non-negated Domain on one die; Foil an
adjacent Avatar; call the Server for two Refreshments; May I Cut In?; pass).
Then the Waltz: the Server returns on a die if his hex is free, the Tempo
advances 1->2->3->4->1 and acts on the box reached: in 1-3 the
non-Influenced Dancers move one hex (path Dancers first, following a free
hex ahead, then arrow Dancers; nobody moves twice, a packed ring stands
still), in 4 nobody waltzes and every family draws a Refreshment. A family
whose seated Dancers show every symbol of her Plan wins at once. Domination
(an unmodified successful 1, or with ``domination=margin-three`` a roll three
under the target) protects a Dancer as RULINGS.md describes.

Chance: every die and every marker drawn (Power, Refreshment, Plan, the
Dancer put on each start hex) is its own chance node naming what it drew.
Secrets: other families' unused Powers, Refreshments, Plans (unless the
scenario reveals them) and the draw piles never reach an observation;
``TheDance.determinize`` deals them afresh for IS-MCTS.

Where the rules live: ``setup`` (setting up), ``dance_step`` (the Dance step),
``influence`` (the Influence step: Influence, Foil, May I Cut In?),
``refreshments``, ``server``, ``sanctuary`` (entry hexes and seating),
``waltz`` (turn order and the Waltz Phase), ``plans`` (winning), ``powers``
(dealing the Powers, what each one's rules in ``data/powers.toml`` make of
the rules, and the Powers used at will), ``standing`` (the limits and
permissions the sections ask of a family's Powers, and a Power shown when it
first acts), ``flow`` (the agenda between decisions),
``steps`` (the steps, tasks and declared flow), ``view`` (observations and
``determinize``), ``state`` (the fields and the State contract).

Rulings of our own, where the rulebook and RULINGS.md are silent:

* Seats are numbered in play order, counter-clockwise from the first player
  (seat 0, the oldest), and that order is taken as age order: Avatars are
  chosen from the last seat back to seat 0 (RULINGS 15), with NEW BLOOD after
  the Plans are drawn. Sanctuaries, for which the rulebook gives no order, are
  then declared in seat order.
* The ballroom, Avatars, Dancers, Refreshments and Plans are reconstructions
  in ``data/`` (each file says so); the loader validates every stated rule.
* An Avatar starts on her Sanctuary's entry hex and never leaves the floor;
  the rulebook's "the Avatar may only enter the hex if it completes the Plan"
  is read as RULINGS 7's sixth-Dancer rule. No Avatar enters another family's
  entry hex (RULINGS 19): not by a step, not passing through with Shadow, not
  by May I Cut In?; Dancers may, and the Server never moves. Each entry hex has
  three floor neighbours, so no single parked Avatar can seal a table.
* Seating costs one of the Dancer's two hexes. Unseating a Dancer costs one of
  the Avatar's Movement and puts her, not Influenced, on the (empty) entry hex.
* Releasing Influence is offered during the family's own Dance and Influence
  steps, not in other families' turns (which would need a decision at every
  moment of the game).
* When all of a family's markers are in use, a success moves one: with one
  marker automatically (RULINGS 3); with Discipline's two the player picks the
  Dancer to drop; on Regale's second attempt she may instead drop the new Dancer.
* Secret holdings never shape the flow (RULINGS 20): every family meets the
  Refreshment step of a Dancer Influence, a second Refreshment question after
  playing one, the post-roll step and a second Influence decision, with only
  ``no-refreshment``, ``accept`` or ``pass`` where no Power or Refreshment
  applies; another family's Movement left is not shown; a Power's first
  visible use is announced.
* Success against another family's Influenced Dancer only frees her, even on a
  Dominating roll; only ``margin-three`` Domination takes over a Dominated one.
* Foil adds no Refreshment (the rulebook names only the two Avatars' ratings);
  a Foiled Avatar cannot be Foiled again, and her whole next Influence step is
  ``clear-foil``. A player may ``pass`` her Influence step.
* Mesmerize's range of two applies to Influencing Dancers, Foil and the
  Server; May I Cut In? stays adjacent. Regale's second attempt is an
  Influence or a Foil. Resourceful also allows a second Ankh in a Dance step
  (otherwise one). Athletic is Movement 3 and is never offered the Ankh.
* Tactician: once per roll, after it, spend any one Refreshment (Ankh
  included) to lower the die by one (then it is not an unmodified 1). That
  spend is one of the roll's Refreshments (RULINGS 18): after one played
  before the roll only Resourceful leaves room for it, and using it so shows
  Resourceful. Willpower: once per effort, spend any Refreshment to re-roll
  (a payment for the new roll, not one of its Refreshments). Both apply to
  Dancer Influence and Foil.
* Discipline is bought in the Dance step with any two Refreshments; the bonus
  marker is lost when its Dancer is seated. Strategic may be used once in the
  Dance step of a turn whose Tempo is in box 4; the Plan not kept goes back to
  the pile, and a Plan completed by the swap wins.
* Shadow may enter an occupied hex only if an empty hex can still be reached
  with the Movement left, and must keep moving until it stands on one.
* Spent Refreshments are shown and leave the game; discarded ones leave face
  down; a drawn-out pile gives nothing more. Hand and Power counts are public.
  A Power is revealed when it first visibly acts (Old Wealth's six markers
  show in the public count).
* Two arrow Dancers wanting the same hex: the one on the lower hex number
  (row by row from the top) goes first.
* INITIATIVE is passed to another family. Arrogance reveals the Plans at the
  start of turn 1 and any Plan taken later; under Subtlety only a family that
  completes her Plan reveals it (all are shown at dawn); New Blood draws Powers,
  Refreshments and Plans before Avatars and Sanctuaries are chosen. With
  ``play-for-places`` a family that completes her Plan leaves the floor (her
  Influence ends) and the rest play on until one is left.
* No turn limit (RULINGS 16): only a completed Plan ends the game. Automated
  play (the lab, the RL adapters) cuts a game off after ``TheDance.turn_cap``
  (200) turns as *truncated*: unfinished, no winner. The house rule ``dawn``
  (not in the rulebook; off by default, 0) closes the ball after the given
  turn: the families with the most Plan symbols seated, then the most Dancers
  seated, win. Purposeful games end by Plan in about 10-25 turns.
"""

from ballroom.core.game import register
from ballroom.games.the_dance.game import TheDance
from ballroom.games.the_dance.state import TheDanceState

register(TheDance)

__all__ = ["TheDance", "TheDanceState"]
