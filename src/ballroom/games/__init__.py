"""The built-in games, declared by id; each game's package is imported (and registers
itself) the first time it is asked for, so that importing ballroom loads no game."""

from ballroom.core.game import declare

declare("dancing-dice", "ballroom.games.dancing_dice")
declare("dark-tales", "ballroom.games.dark_tales")
declare("dominare", "ballroom.games.dominare")
declare("the-dance", "ballroom.games.the_dance")
declare("vampires-harvest", "ballroom.games.vampires_harvest")
