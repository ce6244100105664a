"""The tools on top of the analysis: claims, compare, design, report, simulate, studio, the command line, kept counts, parallel runs."""
