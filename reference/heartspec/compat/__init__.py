"""`heartspec compat`: every engine checked against every Nordic ruleset, as one static report site.

    engines.py  the engines to check: given as LABEL=CMD, or the default table (reference + installed adapters)
    catalog.py  each scenario's name, rule area and guide source, read from the feature files
    run.py      per engine: hello, `heartspec conform --report-json`, a fixed `heartspec fuzz`; saved in reports/
    summary.py  the saved reports -> compat.json (schemas/compat.schema.json): counts, closeness, flags
    site.py     compat.json + reports -> HTML pages (front matrix, one page per engine and per scenario)
    badge.py    one SVG badge per engine

The site is a function of the saved reports alone, so `heartspec compat --from DIR`
rebuilds it byte for byte.
"""
