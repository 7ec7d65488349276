"""The pages organisers and players use at the venue, built from events made with podium."""

import re

from podium_core.cli import main
from test_site import build, read


def simulate(results, slug, fmt, players, rounds):
    folder = results / slug
    assert main(["simulate", str(folder), "--format", fmt, "--players", str(players), "--rounds", str(rounds)]) == 0
    return folder


def test_find_your_table_names_the_players_with_a_bye(tmp_path):
    results = tmp_path / "my-results"
    folder = simulate(results, "tx", "tantrix-wc", 6, 0)
    assert main(["pair", str(folder), "--write"]) == 0
    site = build(results, tmp_path / "output")
    html = read(site, "tx/main-1/find/index.html")
    byes = re.search(r'<p class="wf-byes"><strong>[^<]*</strong> ([^<]*)</p>', html)
    entries = re.findall(r"  - id: (\S+)\n    name: \"([^\"]+)\"\n    seed: ([0-9]+)", (folder / "event.yaml").read_text("utf-8"))
    top_two = [name for _pid, name, seed in entries if int(seed) <= 2]  # 6 players: seeds 1 and 2 meet a bye
    assert byes is not None and sorted(byes.group(1).split(", ")) == sorted(top_two)


def test_the_tools_page_shows_the_real_results_folder(tmp_path):
    """By its own name (outside the project, where the builder keeps it is not published)."""
    results = tmp_path / "my-results"
    simulate(results, "cup", "catan-lt-route66", 8, 1)
    site = build(results, tmp_path / "output")
    html = read(site, "cup/organiser/index.html")
    assert "<code>podium pair my-results/cup --write</code>" in html
    assert "<code>podium status my-results/cup</code>" in html
    assert str(tmp_path) not in html and " results/cup" not in html
