"""The lab: many games in parallel, and what their results say."""
