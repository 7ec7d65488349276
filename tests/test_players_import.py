"""``podium players import``: registration sheets as organisers export them.

Every sheet here is one a real registration gives: a byte order mark,
semicolons from an Excel in a Latvian or Polish locale, tabs, CRLF line
ends, empty rows, a person who submitted the form twice, names in five
languages' letters, a Google Forms export, a header in Polish or in
Hungarian.  Each import is checked on the event.yaml it writes (then
checked by ``podium validate``) and on the lines it prints; a refused
sheet on its located problems and on an event.yaml left byte for byte.
"""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from podium_core import schemas
from podium_core.cli import main
from podium_core.commands.columns import header_key
from podium_core.commands.player_ids import IdMaker, plain_id
from podium_core.commands.sheet import SheetRefused, code_page, read_sheet
from podium_core.scaffold import is_placeholder

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def podium(capsys):
    """Run ``podium ARGS...`` here: (exit status, stdout lines, stderr lines)."""

    def run(*args):
        status = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return status, out.splitlines(), err.splitlines()

    return run


def accepts(field: str) -> bool:
    """Whether event.yaml takes the player field ``field``."""
    return field in schemas.schema("event")["$defs"]["player"]["properties"]


def sheet(folder: Path, name: str, text: str, encoding: str = "utf-8", newline: str = "\n") -> Path:
    path = folder / name
    path.write_bytes(textwrap.dedent(text).lstrip("\n").replace("\n", newline).encode(encoding))
    return path


def event(results: Path, slug: str, text: str) -> Path:
    folder = results / slug
    folder.mkdir(parents=True)
    (folder / "event.yaml").write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return folder


def valid(podium, folder: Path) -> None:
    status, out, err = podium("validate", folder)
    assert status == 0, err
    assert out[-1] == f"{folder.name}: valid"


def test_a_latvian_excel_sheet_replaces_the_placeholders_of_podium_new(tmp_path, podium):
    """BOM, semicolons, CRLF, empty rows, a double submission, Vārds + Uzvārds."""
    assert podium("new", "kauss", "--format", "catan-lt-route66", "--results", tmp_path / "results",
                  "--language", "lv")[0] == 0
    folder = tmp_path / "results" / "kauss"
    before = (folder / "event.yaml").read_text("utf-8")
    path = sheet(tmp_path, "pieteikumi.csv", """
        \ufeffVārds;Uzvārds;Klubs;Valsts;Tālrunis
        Anna;Bērziņa;Rīga;lv;+371 2000 0001
        Jānis;Ozols;"Jelgava; Zemgale";LV;
        ;;;;
        Anna;Bērziņa;Rīga;LV;+371 2000 0001
        Ģirts;Šķēle;;LT;
        ;;Talsi;;
        Līga;Ēvalde;Ogre;;
        Kārlis;Ūdris;Ogre;EE;
        Žanis;Čakste;;;
        ;;;;
        ;;;;
        """, newline="\r\n")
    status, out, err = podium("players", "import", path, folder)
    assert status == 0, err
    assert out == [
        f"{path}: semicolon-separated; Vārds = first name, Uzvārds = last name, Klubs = club, Valsts = country; "
        "not imported: Tālrunis",
        f"{path}:2: add {{id: anna-berzina, name: Anna Bērziņa, club: Rīga, country: LV}}",
        f"{path}:3: add {{id: janis-ozols, name: Jānis Ozols, club: Jelgava; Zemgale, country: LV}}",
        f"{path}:4: skip: empty row",
        f"{path}:5: skip: Anna Bērziņa again (row 2)",
        f"{path}:6: add {{id: girts-skele, name: Ģirts Šķēle, country: LT}}",
        f"{path}:7: skip: no name",
        f"{path}:8: add {{id: liga-evalde, name: Līga Ēvalde, club: Ogre}}",
        f"{path}:9: add {{id: karlis-udris, name: Kārlis Ūdris, club: Ogre, country: EE}}",
        f"{path}:10: add {{id: zanis-cakste, name: Žanis Čakste}}",
        f"{path}:11: skip: empty rows 11-12",
        f"{folder}/event.yaml: the 8 placeholder players of podium new make way for them",
        f"6 players to add, 5 rows skipped; nothing written: add --write to save them in {folder}/event.yaml",
    ]
    assert (folder / "event.yaml").read_text("utf-8") == before  # a dry run

    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[-1] == f"{folder}/event.yaml: 6 players added, 5 rows skipped"
    written = (folder / "event.yaml").read_text("utf-8")
    head, _, players = before.partition("  - {id: player-1")
    assert written == head + "".join(f"  - {{{entry}}}\n" for entry in (
        "id: anna-berzina, name: Anna Bērziņa, club: Rīga, country: LV",
        "id: janis-ozols, name: Jānis Ozols, club: Jelgava; Zemgale, country: LV",
        "id: girts-skele, name: Ģirts Šķēle, country: LT",
        "id: liga-evalde, name: Līga Ēvalde, club: Ogre",
        "id: karlis-udris, name: Kārlis Ūdris, club: Ogre, country: EE",
        "id: zanis-cakste, name: Žanis Čakste"))
    assert "# the draw seed: announce it before round 1" in head  # the comments of podium new stay
    valid(podium, folder)


def test_a_google_forms_export_with_polish_questions(tmp_path, podium):
    """Commas, quoted cells holding commas, quotes and a line break; the
    form's timestamp and e-mail columns are not imported."""
    folder = event(tmp_path / "results", "grand-prix", """
        name: Grand Prix
        format: baska-gp
        language: pl
        players:   # zapisy
          - {id: marek-mazur, name: Marek Mazur, club: Maszewo}
        """)
    path = sheet(tmp_path, "Zapisy (Odpowiedzi) - Arkusz1.csv", '''
        Sygnatura czasowa,Adres e-mail,Imię i nazwisko,Klub (jeśli jest),Kraj,Uwagi
        2024/03/01 10:02:11 AM GMT+1,a@example.pl,Łukasz Żółć,"Kłodawa, KS ""Baśka""",pl,"przyjadę
        w sobotę"
        2024/03/01 10:05:40 AM GMT+1,b@example.pl,Małgorzata Wójcik-Ślęzak,Deszczno,PL,
        2024/03/01 11:00:00 AM GMT+1,c@example.pl,marek mazur,Maszewo,PL,
        2024/03/01 11:30:00 AM GMT+1,d@example.pl,Grzegorz Brzęczyszczykiewicz,,PL,
        2024/03/01 11:31:00 AM GMT+1,e@example.pl,Józef Kamiński,Santok,,
        2024/03/01 11:32:00 AM GMT+1,f@example.pl,Paweł Kowalczyk,Santok,,
        2024/03/01 11:33:00 AM GMT+1,g@example.pl,Ewa Szymańska,Santok,,
        2024/03/01 11:34:00 AM GMT+1,h@example.pl,Żaneta Dąbrowska,Gorzów,,
        ''')
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out == [
        f"{path}: comma-separated; Imię i nazwisko = name, Klub (jeśli jest) = club, Kraj = country; "
        "not imported: Sygnatura czasowa, Adres e-mail, Uwagi",
        f"{path}:2: add {{id: lukasz-zolc, name: Łukasz Żółć, club: \"Kłodawa, KS \\\"Baśka\\\"\", country: PL}}",
        f"{path}:3: add {{id: malgorzata-wojcik-slezak, name: Małgorzata Wójcik-Ślęzak, club: Deszczno, country: PL}}",
        f"{path}:4: skip: marek mazur is in the event already (marek-mazur)",
        f"{path}:5: add {{id: grzegorz-brzeczyszczykiewicz, name: Grzegorz Brzęczyszczykiewicz, country: PL}}",
        f"{path}:6: add {{id: jozef-kaminski, name: Józef Kamiński, club: Santok}}",
        f"{path}:7: add {{id: pawel-kowalczyk, name: Paweł Kowalczyk, club: Santok}}",
        f"{path}:8: add {{id: ewa-szymanska, name: Ewa Szymańska, club: Santok}}",
        f"{path}:9: add {{id: zaneta-dabrowska, name: Żaneta Dąbrowska, club: Gorzów}}",
        f"{folder}/event.yaml: 7 players added, 1 row skipped",
    ]
    assert (folder / "event.yaml").read_text("utf-8").startswith(
        "name: Grand Prix\nformat: baska-gp\nlanguage: pl\nplayers:   # zapisy\n"
        "  - {id: marek-mazur, name: Marek Mazur, club: Maszewo}\n"
        "  - {id: lukasz-zolc, name: Łukasz Żółć, club: \"Kłodawa, KS \\\"Baśka\\\"\", country: PL}\n")
    valid(podium, folder)
    status, out, err = podium("export", folder)
    assert '"name": "Łukasz Żółć"' in "\n".join(out) and '"club": "Kłodawa, KS \\"Baśka\\""' in "\n".join(out)


def test_an_english_google_forms_export(tmp_path, podium):
    folder = event(tmp_path / "results", "spring-open", """
        name: Spring Open
        format: catan-lt-route66
        players:
          - {id: ieva, name: Ieva Liepa, country: LV}
        """)
    path = sheet(tmp_path, "Spring Open (Responses) - Form Responses 1.csv", '''
        Timestamp,Email Address,Full name,Club (if any),Country,Anything else we should know?
        5/1/2024 10:00:00,anna@example.com,Anna Bērziņa,Rīga,LV,"Vegetarian, please.
        Arriving on Saturday."
        5/1/2024 10:03:12,bob@example.com,Kiss Bob,,HU,
        5/1/2024 10:04:55,anna@example.com,Anna Bērziņa,Rīga,LV,sent twice
        ''', newline="\r\n")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out == [
        f"{path}: comma-separated; Full name = name, Club (if any) = club, Country = country; "
        "not imported: Timestamp, Email Address, Anything else we should know?",
        f"{path}:2: add {{id: anna-berzina, name: Anna Bērziņa, club: Rīga, country: LV}}",
        f"{path}:3: add {{id: kiss-bob, name: Kiss Bob, country: HU}}",
        f"{path}:4: skip: Anna Bērziņa again (row 2)",
        f"{folder}/event.yaml: 2 players added, 1 row skipped",
    ]
    assert (folder / "event.yaml").read_text("utf-8").endswith(
        "  - {id: ieva, name: Ieva Liepa, country: LV}\n"
        "  - {id: anna-berzina, name: Anna Bērziņa, club: Rīga, country: LV}\n"
        "  - {id: kiss-bob, name: Kiss Bob, country: HU}\n")
    valid(podium, folder)


def test_a_lithuanian_tab_separated_sheet_in_a_block_style_list(tmp_path, podium):
    """A tab-separated export into an event.yaml written in block style with
    comments: the new entries follow its style, every other line stays."""
    text = """
        # Vilniaus taurė
        name: Vilniaus taurė
        format: catan-lt-route66
        players:
          # registruoti vietoje
          - id: ana
            name: Ana Šimkutė     # teisėja
            club: Kaunas

        # burtai
        seed: "VT 2024"
        """
    folder = event(tmp_path / "results", "vilniaus-taure", text)
    path = sheet(tmp_path, "dalyviai.tsv", """
        Vardas\tPavardė\tKlubas\tŠalis
        Gintarė\tĄžuolaitė\tVilnius\tLT
        Žydrūnas\tŠalčius\t\tLT
        Rūta\tČepaitytė\tKaunas\tlt
        Ąžuolas\tĮgaunis\t\t
        Eglė\tŪsaitė\tKlaipėda\tLV
        """, newline="\r\n")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[0] == f"{path}: tab-separated; Vardas = first name, Pavardė = last name, Klubas = club, Šalis = country"
    assert (folder / "event.yaml").read_text("utf-8") == textwrap.dedent("""\
        # Vilniaus taurė
        name: Vilniaus taurė
        format: catan-lt-route66
        players:
          # registruoti vietoje
          - id: ana
            name: Ana Šimkutė     # teisėja
            club: Kaunas
          - id: gintare-azuolaite
            name: Gintarė Ąžuolaitė
            club: Vilnius
            country: LT
          - id: zydrunas-salcius
            name: Žydrūnas Šalčius
            country: LT
          - id: ruta-cepaityte
            name: Rūta Čepaitytė
            club: Kaunas
            country: LT
          - id: azuolas-igaunis
            name: Ąžuolas Įgaunis
          - id: egle-usaite
            name: Eglė Ūsaitė
            club: Klaipėda
            country: LV

        # burtai
        seed: "VT 2024"
        """)
    valid(podium, folder)


def test_hungarian_headers_put_the_family_name_first(tmp_path, podium):
    folder = event(tmp_path / "results", "budapest", """
        name: Budapest Open
        format: tantrix-wc
        language: hu
        players:
          - {id: kiss-bela, name: Kiss Béla, seed: 1}
        """)
    path = sheet(tmp_path, "nevezes.csv", """
        Vezetéknév;Keresztnév;Klub;Ország;Kiemelés
        Kovács;Ödön;Győri TK;HU;2
        Szűcs;Éva;;hu;3
        Őri;Gellért;Pécs;HU;4
        """)
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[:4] == [
        f"{path}: semicolon-separated; Vezetéknév = last name, Keresztnév = first name, Klub = club, "
        "Ország = country, Kiemelés = seed",
        f"{path}:2: add {{id: kovacs-odon, name: Kovács Ödön, club: Győri TK, country: HU, seed: 2}}",
        f"{path}:3: add {{id: szucs-eva, name: Szűcs Éva, country: HU, seed: 3}}",
        f"{path}:4: add {{id: ori-gellert, name: Őri Gellért, club: Pécs, country: HU, seed: 4}}",
    ]
    valid(podium, folder)


def test_ids_are_transliterated_and_kept_unique(tmp_path, podium):
    """ß, ł, ő, ā in ids; an id taken in the event, by a person of
    players.yaml or by an earlier row gets -2; a person players.yaml lists
    under the same name keeps their id."""
    results = tmp_path / "results"
    folder = event(results, "open", """
        name: Open
        format: catan-lt-route66
        players:
          - {id: anna, name: Anna Kalniņa}
          - {id: peteris}
        """)
    (results / "players.yaml").write_text(
        "- {id: peteris, name: Pēteris Kalns}\n- {id: mara-b, name: Māra Bērziņa}\n- {id: jurgen-weiss, name: Jürgen Meier}\n",
        "utf-8")
    path = sheet(tmp_path, "names.csv", """
        Name,Club
        Anna,
        Jürgen Weiß,Berlin
        Jānis Ozols,
        Janis Ozols,
        Māra Bērziņa,
        Pēteris Kalns,
        Mr. O'Brien-Łącki,
        """)
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[1:-1] == [
        f"{path}:2: add {{id: anna-2, name: Anna}}  (anna is taken)",
        f"{path}:3: add {{id: jurgen-weiss-2, name: Jürgen Weiß, club: Berlin}}  (jurgen-weiss is taken)",
        f"{path}:4: add {{id: janis-ozols, name: Jānis Ozols}}",
        f"{path}:5: add {{id: janis-ozols-2, name: Janis Ozols}}  (janis-ozols is taken)",
        f"{path}:6: add {{id: mara-b, name: Māra Bērziņa}}  (the id players.yaml gives this name)",
        f"{path}:7: skip: Pēteris Kalns is in the event already (peteris)",
        f"{path}:8: add {{id: mr-obrien-lacki, name: Mr. O'Brien-Łącki}}",
    ]
    valid(podium, folder)


def test_importing_again_adds_nobody_and_a_grown_sheet_adds_its_new_rows(tmp_path, podium):
    folder = event(tmp_path / "results", "league", """
        name: League
        format: catan-lt-route66
        players: []   # from the form
        """)
    path = sheet(tmp_path, "form.csv", """
        Name,Country
        Ieva Liepa,LV
        Tomas Jonaitis,LT
        Zsófia Tóth,HU
        Oskar Weiß,DE
        Agnieszka Łuczak,PL
        Jonas Petraitis,LT
        """)
    assert podium("players", "import", path, folder, "--write")[0] == 0
    first = (folder / "event.yaml").read_text("utf-8")
    assert first.startswith("name: League\nformat: catan-lt-route66\nplayers:   # from the form\n"
                            "  - {id: ieva-liepa, name: Ieva Liepa, country: LV}\n")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[1:] == [f"{path}:{row}: skip: {name} is in the event already ({pid})" for row, name, pid in (
        (2, "Ieva Liepa", "ieva-liepa"), (3, "Tomas Jonaitis", "tomas-jonaitis"), (4, "Zsófia Tóth", "zsofia-toth"),
        (5, "Oskar Weiß", "oskar-weiss"), (6, "Agnieszka Łuczak", "agnieszka-luczak"),
        (7, "Jonas Petraitis", "jonas-petraitis"))] + [f"nothing to add: {path} has no player that is not in the event already"]
    assert (folder / "event.yaml").read_text("utf-8") == first
    with path.open("a", encoding="utf-8") as grown:
        grown.write("Aistė Kazlauskaitė,LT\n")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0 and out[-2:] == [f"{path}:8: add {{id: aiste-kazlauskaite, name: Aistė Kazlauskaitė, country: LT}}",
                                        f"{folder}/event.yaml: 1 player added, 6 rows skipped"]
    assert (folder / "event.yaml").read_text("utf-8") == first + "  - {id: aiste-kazlauskaite, name: Aistė Kazlauskaitė, country: LT}\n"
    valid(podium, folder)


def test_every_bad_cell_is_told_at_its_row_and_column_and_nothing_is_written(tmp_path, podium):
    folder = event(tmp_path / "results", "cup", """
        name: Cup
        format: carcassonne-lv
        options: {groups: 2}
        players:
          - {id: anna, name: Anna, previous_place: 1, seed: 1}
          - {id: bea, name: Bea}
        """)
    before = (folder / "event.yaml").read_text("utf-8")
    path = sheet(tmp_path, "bad.csv", """
        Name;Country;Rating;Previous place;Seed;Group
        Cezary;Poland;1850;2;2;A
        Dorota;PL;1850.5;second;2;C1
        Ewa;POL;1 900;0;1;b
        Filip;PL;;;;;;x
        Anna;;;;;
        """)
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 1 and out == []
    assert err == [
        f"{path}:2:2: Country: 'Poland' is not a two-letter country code: write PL",
        f"{path}:3:3: Rating: '1850.5' is not a whole number",
        f"{path}:3:4: Previous place: 'second' is not a whole number",
        f"{path}:3:5: Seed: seed 2 is row 2's already",
        f"{path}:3:6: Group: 'C1' is not a group letter (A to H)",
        f"{path}:4:2: Country: 'POL' is not a two-letter country code: write PL",
        f"{path}:4:4: Previous place: 0 is not a number from 1 to 10000",
        f"{path}:4:5: Seed: seed 1 is anna's in event.yaml already",
        f"{path}:5:7: the row has more cells than the header: a value holds a semicolon without quotes around it",
        "9 problems found",
    ]
    assert (folder / "event.yaml").read_text("utf-8") == before


def test_a_header_two_columns_claim_is_refused_until_one_is_chosen(tmp_path, podium):
    folder = event(tmp_path / "results", "cup", """
        name: Cup
        format: catan-lt-route66
        players:
          - {id: anna, name: Anna}
          - {id: bea, name: Bea}
        """)
    path = sheet(tmp_path, "two.csv", """
        Dalībnieks,Klubs,Club,Komentārs,Valsts
        Cezary Nowak,Rīga,Riga FC,,Polija
        Dorota Nowak,,,,
        """)
    status, out, err = podium("players", "import", path, folder)
    assert status == 1
    assert err == [f"{path}:1:3: Klubs (column 2) and Club both give the club: choose one with --column club=HEADER",
                   f"{path}:2:5: Valsts: 'Polija' is not a two-letter country code: write PL",  # found in the same run
                   "2 problems found"]
    path.write_text(path.read_text("utf-8").replace("Polija", "PL"), "utf-8")
    status, out, err = podium("players", "import", path, folder, "--column", "club=Club")
    assert status == 0, err
    assert out[:2] == [f"{path}: comma-separated; Dalībnieks = name, Club = club, Valsts = country; "
                       "not imported: Klubs, Komentārs",
                       f"{path}:2: add {{id: cezary-nowak, name: Cezary Nowak, club: Riga FC, country: PL}}"]
    status, out, err = podium("players", "import", path, folder, "--column", "club=", "--column", "name=komentars")
    assert status == 0, err
    assert out == [f"{path}: comma-separated; Komentārs = name, Valsts = country; not imported: Dalībnieks, Klubs, Club",
                   f"{path}:2: skip: no name", f"{path}:3: skip: no name",
                   f"nothing to add: {path} has no player that is not in the event already"]
    status, out, err = podium("players", "import", path, folder, "--column", "name=Vārds")
    assert status == 1 and err[0] == (f"{path}:1: --column name=Vārds: no column with that header "
                                      "(the headers: Dalībnieks, Klubs, Club, Komentārs, Valsts)")


def test_a_sheet_without_a_name_column_says_how_to_name_it(tmp_path, podium, capsys):
    folder = event(tmp_path / "results", "cup", "name: Cup\nformat: catan-lt-route66\nplayers: []\n")
    path = sheet(tmp_path, "x.csv", "Dalībnieka vārds un uzvārds (kā pasē);Klubs\nAnna Ozola;Rīga\n")
    status, out, err = podium("players", "import", path, folder)
    assert status == 1 and err[0] == (f"{path}:1: no column gives the players' names (the headers: "
                                      "Dalībnieka vārds un uzvārds (kā pasē), Klubs): name it with --column name=HEADER")
    status, out, err = podium("players", "import", path, folder, "--column", "name=Dalībnieka vārds un uzvārds (kā pasē)")
    assert status == 0 and out[1] == f"{path}:2: add {{id: anna-ozola, name: Anna Ozola, club: Rīga}}"
    with pytest.raises(SystemExit) as refused:
        podium("players", "import", path, folder, "--column", "colour=Klubs")
    assert refused.value.code == 2
    assert "argument --column: 'colour=Klubs': write FIELD=HEADER, FIELD one of id, name, first_name" in capsys.readouterr().err


@pytest.mark.parametrize("encoding, text, message", [
    ("cp1257", "Vārds;Uzvārds\nAnna;Bērziņa\n", "1: this looks like Windows-1257 (Baltic) text, not UTF-8"),
    ("cp1257", "Name;Club\nŽydrūnas Šalčius;Kaunas\n", "2: this looks like Windows-1257 (Baltic) text, not UTF-8"),
    ("cp1250", "Imię i nazwisko;Klub\nŁukasz Wróbel;Łódź\n", "1: this looks like Windows-1250 (Central European) text, not UTF-8"),
    ("cp1250", "Név;Klub\nKovács Ödön;Győr\n", "1: this looks like Windows-1250 (Central European) text, not UTF-8"),
    ("cp1252", "Name\nJosé Núñez\n", "2: this looks like Windows-1252 (Western) text, not UTF-8"),
    ("cp1252", "Name\nJörg Müller\n", "2: this is not UTF-8 text but a legacy code page's (Windows-1257, -1250 or -1252)"),
    ("utf-16", "Name\nAnna\n", "1: this is UTF-16 (Excel's \"Unicode Text\") text, not UTF-8"),
    ("utf-32", "Name\nAnna\n", "1: this is UTF-32 text, not UTF-8"),
])
def test_a_file_not_in_utf8_is_refused_with_how_to_save_it(tmp_path, podium, encoding, text, message):
    folder = event(tmp_path / "results", "cup", "name: Cup\nformat: catan-lt-route66\nplayers: []\n")
    path = tmp_path / "export.csv"
    path.write_bytes(text.encode(encoding))
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 1 and out == []
    assert err == [f"{path}:{message}: save it again as \"CSV UTF-8 (Comma delimited)\" (Excel), as Text CSV with the "
                   f"character set \"Unicode (UTF-8)\" (LibreOffice), or download it from Google Sheets as .csv",
                   "1 problem found"]
    assert (folder / "event.yaml").read_text("utf-8") == "name: Cup\nformat: catan-lt-route66\nplayers: []\n"


def test_a_workbook_is_refused_by_the_command_itself(tmp_path):
    folder = event(tmp_path / "results", "cup", "name: Cup\nformat: catan-lt-route66\nplayers: []\n")
    (tmp_path / "players.xlsx").write_bytes(b"PK\x03\x04\x14\x00\x06\x00" + bytes(200))
    done = subprocess.run([sys.executable, "-m", "podium_core.cli", "players", "import", "players.xlsx", str(folder)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[0].startswith(
        "players.xlsx:1: this is a spreadsheet workbook (.xlsx or .ods), not its CSV export: save it again as")


def test_it_runs_in_the_event_folder_and_reads_standard_input(tmp_path, podium, monkeypatch):
    folder = event(tmp_path / "results", "cup", "name: Cup\nformat: catan-lt-route66\nplayers:\n")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("Name\nAnna\nBea\nCezary\n".encode("utf-8"))))
    status, out, err = podium("players", "import", "-", "--write")
    assert status == 0, err
    assert out[1] == "<stdin>:2: add {id: anna, name: Anna}"
    assert (folder / "event.yaml").read_text("utf-8") == ("name: Cup\nformat: catan-lt-route66\nplayers:\n"
                                                          "  - {id: anna, name: Anna}\n  - {id: bea, name: Bea}\n"
                                                          "  - {id: cezary, name: Cezary}\n")
    valid(podium, folder)
    monkeypatch.chdir(tmp_path)
    status, out, err = podium("players", "import", "-")
    assert status == 1 and err == ["podium players: the folder you are in has no event.yaml: name the event folder "
                                   "after FILE (podium players import FILE results/<slug>)"]


PLAYED = """
    stage: qualifying
    round: 1
    tables:
      - table: 1
        seats: {anna: 10, bea: 7, cezary: 5}
    """


def test_an_event_with_results_takes_only_late_entries(tmp_path, podium):
    folder = event(tmp_path / "results", "cup", """
        name: Cup
        format: catan-lt-route66
        players:
          - {id: anna, name: Anna}
          - {id: bea, name: Bea}
          - {id: cezary, name: Cezary}
        """)
    (folder / "qualifying-01.yaml").write_text(textwrap.dedent(PLAYED).lstrip(), "utf-8")
    before = (folder / "event.yaml").read_text("utf-8")
    path = sheet(tmp_path, "late.csv", "Name\nAnna\nDace\nEdgars\nFrīda\n")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 1 and err == [f"podium players: {folder}/qualifying-01.yaml has results: players added now would "
                                   "change the seating of rounds played already; add late entries with --joins N "
                                   "(N: the first round they play)"]
    status, out, err = podium("players", "import", path, folder, "--joins", "2", "--write")
    assert accepts("joins") and status == 0, err  # the open field (podium join) is there: joins: is written
    assert out[1:4] == [f"{path}:2: skip: Anna is in the event already (anna)",
                        f"{path}:3: add {{id: dace, name: Dace, joins: 2}}",
                        f"{path}:4: add {{id: edgars, name: Edgars, joins: 2}}"]
    assert (folder / "event.yaml").read_text("utf-8").endswith("  - {id: frida, name: Frīda, joins: 2}\n")
    assert (folder / "event.yaml").read_text("utf-8").startswith(before.rstrip("\n"))  # comments and players kept
    valid(podium, folder)
    from podium_core.pipeline import evaluate_one
    assert evaluate_one(folder).event.player("dace").joins == 2


def test_a_rating_column_goes_into_rating(tmp_path, podium):
    folder = event(tmp_path / "results", "cup", "name: Cup\nformat: catan-lt-route66\nplayers: []\n")
    path = sheet(tmp_path, "rated.csv", """
        Imię;Nazwisko;Ranking
        Anna;Nowak;1850
        Bea;Kowalska;
        Cezary;Lis;2 010
        """)
    status, out, err = podium("players", "import", path, folder, "--write")
    if accepts("rating"):
        assert status == 0, err
        assert (folder / "event.yaml").read_text("utf-8").endswith(
            "players:\n  - {id: anna-nowak, name: Anna Nowak, rating: 1850}\n  - {id: bea-kowalska, name: Bea Kowalska}\n"
            "  - {id: cezary-lis, name: Cezary Lis, rating: 2010}\n")
        valid(podium, folder)
    else:  # event.yaml takes no rating: yet: leave the column out to import the rest
        assert status == 1 and [line.split(": ")[0] for line in err[:-1]] == [f"{path}:2", f"{path}:4"]
        status, out, err = podium("players", "import", path, folder, "--column", "rating=", "--write")
        assert status == 0, err
        assert out[0] == f"{path}: semicolon-separated; Imię = first name, Nazwisko = last name; not imported: Ranking"
        valid(podium, folder)


def test_groups_previous_places_and_seeds_are_imported(tmp_path, podium):
    folder = event(tmp_path / "results", "groups", """
        name: Groups
        format: carcassonne-lv
        options: {groups: 2}
        players:
        """)
    path = sheet(tmp_path, "groups.csv", """
        Vārds, uzvārds;Grupa;Iepriekšējā vieta;Izsējums
        Anna Ozola;a;1;1
        Bērziņš Jānis;B;2;2
        Cīrulis Ēriks;;3;3
        Dace Lāce;;;4
        Edgars Šmits;;;5
        Frīda Kalna;;;6
        Gints Ābols;;;7
        Helēna Vītola;;;8
        """)
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[1:4] == [f"{path}:2: add {{id: anna-ozola, name: Anna Ozola, group: A, previous_place: 1, seed: 1}}",
                        f"{path}:3: add {{id: berzins-janis, name: Bērziņš Jānis, group: B, previous_place: 2, seed: 2}}",
                        f"{path}:4: add {{id: cirulis-eriks, name: Cīrulis Ēriks, previous_place: 3, seed: 3}}"]
    valid(podium, folder)


def test_texts_that_yaml_would_read_otherwise_are_quoted(tmp_path, podium):
    folder = event(tmp_path / "results", "cup", "name: Cup\nformat: catan-lt-route66\nplayers: []\n")
    path = sheet(tmp_path, "odd.csv", """
        Name,Club,Country
        Nils Berg,1999,NO
        Ola Nordmann,yes,no
        "Per #1 Hansen",null,SE
        """)
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert (folder / "event.yaml").read_text("utf-8").endswith(
        '  - {id: nils-berg, name: Nils Berg, club: "1999", country: "NO"}\n'
        '  - {id: ola-nordmann, name: Ola Nordmann, club: "yes", country: "NO"}\n'
        '  - {id: per-1-hansen, name: "Per #1 Hansen", club: "null", country: SE}\n')
    valid(podium, folder)
    status, out, err = podium("export", folder)
    assert '"club": "1999"' in "\n".join(out) and '"country": "NO"' in "\n".join(out)


# the parts on their own

@pytest.mark.parametrize("name, made", [
    ("Anna Bērziņa", "anna-berzina"), ("Łukasz Żółć", "lukasz-zolc"), ("Őri Gellért", "ori-gellert"),
    ("Oskar Weiß", "oskar-weiss"), ("Gintarė Ąžuolaitė", "gintare-azuolaite"), ("O’Neill, Seán", "oneill-sean"),
    ("  ", "player"), ("Anna-Marija Kalniņa-Bērziņa von Liechtenstein", "anna-marija-kalnina-berzina-von"),
])
def test_plain_ids(name, made):
    assert plain_id(name) == made


def test_ids_are_unique_in_the_order_of_the_rows():
    maker = IdMaker({"anna"}, {"mara": "Māra Bērziņa", "jan": "Jan Kowalski", "jan-kowalski": "Jan Kowalski"})
    assert [maker.make(n) for n in ("Anna", "Anna", "Māra Bērziņa", "Jan Kowalski", "Mara", "Zoë")] == [
        ("anna-2", "anna is taken"), ("anna-3", "anna is taken"), ("mara", "the id players.yaml gives this name"),
        ("jan-kowalski-2", "jan-kowalski is taken"), ("mara-2", "mara is taken"), ("zoe", None)]


@pytest.mark.parametrize("header, key", [
    ("Vārds, uzvārds", "vardsuzvards"), ("Élő-pont", "elopont"), ("Klub (opcjonalnie)", "klub"),
    ("Name *", "name"), ("E-MAIL ADDRESS", "emailaddress"), ("Šalis", "salis"),
])
def test_header_keys(header, key):
    assert header_key(header) == key


def test_the_separator_is_the_one_that_splits_the_header():
    assert read_sheet(b"Name;Club\r\nNowak, Jan;Warszawa, KS\r\n", "x").separator == ";"
    assert read_sheet(b"Name,Club\nJan;Anna,KS\n", "x").separator == ","
    assert read_sheet(b"Name\tClub, city\nJan\tRiga, LV\n", "x").separator == "\t"
    assert read_sheet(b"sep=,\nName;Club\nJan;KS\n", "x").separator == ","
    hinted = read_sheet(b"sep=;\r\nName;Club\r\nJan;KS\r\n", "x")
    assert (hinted.separator, hinted.header_row, hinted.header, hinted.rows) == (";", 2, ("Name", "Club"), ((3, ("Jan", "KS")),))
    one = read_sheet("\n\nName\nAnna\n".encode(), "x")
    assert (one.header_row, one.rows) == (3, ((4, ("Anna",)),))
    with pytest.raises(SheetRefused):
        read_sheet(b"\n\n", "x")


def test_a_code_page_is_named_only_when_the_letters_tell():
    assert code_page("Ģirts Šķēle".encode("cp1257")) == "Windows-1257 (Baltic)"
    assert code_page("Wójcik-Ślęzak".encode("cp1250")) == "Windows-1250 (Central European)"
    assert code_page("Jörg Müller".encode("cp1252")) is None  # the same bytes in all three pages
    assert code_page("José Núñez".encode("cp1252")) == "Windows-1252 (Western)"
    assert code_page(b"Anna \x80") is None  # no letter outside ASCII: nothing to tell by


def test_an_id_column_is_taken_as_written(tmp_path, podium):
    folder = event(tmp_path / "results", "cup", """
        name: Cup
        format: catan-lt-route66
        players:
          - {id: anna, name: Anna Ozola}
        """)
    path = sheet(tmp_path, "ids.csv", """
        ID;Vārds;Klubs
        anna;Anna Ozola;Rīga
        anna;Anna Kalniņa;
        ;Anna Kalniņa;
        AK 2;Anna Krūmiņa;
        bea;Bea;
        bea;Beatrise;
        cezary;Bea;
        """)
    status, out, err = podium("players", "import", path, folder)
    assert status == 1 and out == []
    assert err == [
        f"{path}:3:1: ID: anna is another player's id in event.yaml",
        f"{path}:5:1: ID: 'AK 2' is not an id (lowercase letters, digits, '-' and '_'); leave the cell empty to have "
        "one made from the name",
        f"{path}:7:1: ID: bea is the id of row 6 already",
        "3 problems found",
    ]
    path.write_text("ID;Vārds\nanna;Anna Ozola\n;Anna Kalniņa\nbea;Bea\nbea;Bea\ncezary;Bea\n;Dace\n", "utf-8")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[1:-1] == [f"{path}:2: skip: Anna Ozola is in the event already (anna)",
                         f"{path}:3: add {{id: anna-kalnina, name: Anna Kalniņa}}",
                         f"{path}:4: add {{id: bea, name: Bea}}",
                         f"{path}:5: skip: Bea again (row 4)",
                         f"{path}:6: add {{id: cezary, name: Bea}}",
                         f"{path}:7: add {{id: dace, name: Dace}}"]
    valid(podium, folder)


def test_a_round_seated_without_results_is_named_for_seating_again(tmp_path, podium):
    assert podium("new", "cup", "--format", "catan-lt-route66", "--results", tmp_path / "results", "--players", "6")[0] == 0
    folder = tmp_path / "results" / "cup"
    assert podium("pair", folder, "--write")[0] == 0
    path = sheet(tmp_path, "more.csv", "Name\nDace Lāce\n")
    status, out, err = podium("players", "import", path, folder, "--write")
    assert status == 0, err
    assert out[-2:] == [f"{folder}/event.yaml: 1 player added",
                        f"{folder}/qualifying-01.yaml lists a seating without them: podium pair {folder} --write "
                        "seats that round again"]
    text = (folder / "event.yaml").read_text("utf-8")
    assert "  - {id: player-6, name: Player 6}\n  - {id: dace-lace, name: Dace Lāce}\n" in text  # a seated field stays
    assert podium("validate", folder)[0] == 1  # the old seating differs from the rules now ...
    assert podium("pair", folder, "--write")[0] == 0
    valid(podium, folder)  # ... and podium pair seats the round again


@pytest.mark.parametrize("text, row, message", [
    ('Name,Club\nAnna,Rīga\n"Bea,Ogre\nCezary,Talsi\n', 3,
     "a quote that opens in this row is never closed, so the rest of the file would be one cell"),
    ('Name,Club\n"Anna" Ozola,Rīga\n', 2,
     'a quoted cell goes on after its closing quote: quote the whole cell and double the quotes inside '
     '("Anna ""Annie"" Ozola")'),
])
def test_a_broken_quote_is_told_at_its_row(text, row, message):
    with pytest.raises(SheetRefused) as refused:
        read_sheet(text.encode(), "x.csv")
    assert str(refused.value.problem) == f"x.csv:{row}: {message}"


@pytest.mark.parametrize("format_id, count", [("catan-lt-route66", 8), ("tantrix-wc", 6), ("carcassonne-lv", 7)])
def test_every_player_podium_new_writes_is_a_placeholder(tmp_path, podium, format_id, count):
    assert podium("new", "cup", "--format", format_id, "--results", tmp_path, "--players", count)[0] == 0
    entries = yaml.safe_load((tmp_path / "cup" / "event.yaml").read_text("utf-8"))["players"]
    assert len(entries) == count + (format_id == "carcassonne-lv")  # an odd field gets the reserve player
    assert all(is_placeholder(entry) for entry in entries)
    assert not is_placeholder({"id": "player-1", "name": "Anna"}) and not is_placeholder({"id": "player-x", "name": "Player x"})
