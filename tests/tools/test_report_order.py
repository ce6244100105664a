"""A report starts the families the last one took longest on first (their seconds kept in the count cache), a family
never timed before them all; with the count cache off, in their order. The files written do not depend on it."""

from __future__ import annotations

from casino_math.report import _keep_seconds, longest_first


def test_the_longest_family_of_the_last_report_starts_first(tmp_path, monkeypatch):
    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))
    families = ["baccarat", "pai_gow_poker", "red_dog", "blackjack"]
    assert longest_first(families) == families  # nothing timed yet: their order
    _keep_seconds({"baccarat": 1.5, "pai_gow_poker": 240.0, "red_dog": 0.5})
    assert longest_first(families) == ["blackjack", "pai_gow_poker", "baccarat", "red_dog"]
    _keep_seconds({"blackjack": 30.0, "red_dog": 2.0})  # kept beside the earlier ones
    assert longest_first(families) == ["pai_gow_poker", "blackjack", "red_dog", "baccarat"]
    monkeypatch.setenv("CASINO_MATH_CACHE", "off")
    assert longest_first(families) == families
