"""Events for the tests, played by ``podium simulate``, and named variants of them."""

from podium_core.cli import main


def simulate(tmp_path, fmt, players, rounds):
    """An event ``cup`` of ``players`` in format ``fmt``, ``rounds`` rounds played, in ``tmp_path/results``."""
    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", fmt, "--players", str(players), "--rounds", str(rounds)]) == 0
    return folder


def route66_with_semifinal(folder):
    """The event at ``folder`` (a Route 66 event) played under the named variant
    ``route66-semi``: Route 66 with a 16-player semifinal."""
    formats = folder.parent / "formats"
    formats.mkdir()
    (formats / "route66-semi.yaml").write_text(
        'id: route66-semi\nname: "Route 66 with a semifinal"\nextends: catan-lt-route66\noptions: {semifinal_size: 16}\n', "utf-8")
    event = folder / "event.yaml"
    event.write_text(event.read_text("utf-8").replace("format: catan-lt-route66", "format: route66-semi"), "utf-8")
