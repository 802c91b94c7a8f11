"""Where a lab run can play, kept apart so that the CLI's ``--help`` loads no lab code."""

BACKENDS = ("local", "ray")
