"""The presets the service ships, written out by hand (/docs/rules §3–5, /docs/rulesets): the tests
compare what the table, the catalogue and the HTTP answers list with this, not with each other."""

PRESET_IDS = [
    "standard",
    "kostarev",
    "kids",
    "tenhou",
    "majsoul",
    "wrc",
    "ema",
    "mleague",
    "tenhou_sanma",
    "majsoul_sanma",
]
