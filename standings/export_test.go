package standings_test

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/standings"
)

// TestEMACSV: the EMA sheet's columns, ties sharing a place, players
// without an EMA number marked, names split, the tournament on every row.
func TestEMACSV(t *testing.T) {
	d := tournamentDay(t)
	var b bytes.Buffer
	if err := standings.WriteEMACSV(&b, d.tournament, d.ranked(t)); err != nil {
		t.Fatal(err)
	}
	golden(t, "ema.csv", b.Bytes())

	recs, err := csv.NewReader(bytes.NewReader(b.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], standings.EMAHeader) || len(recs[0]) != 18 {
		t.Fatalf("header %q", recs[0])
	}
	// Columns by position, as the EMA's workbook is read.
	const place, first, last, ema, points, score, member, country = 2, 3, 4, 5, 6, 7, 8, 9
	want := [][]string{
		{"1", "Ana", "Silva", "04010001", "51.0", "51000", "1", "POR"},
		{"2", `Chloé "Clo"`, "Martin", "-", "16.0", "16000", "0", "FRA"},
		{"2", "Eva", "Berg", "09040005", "16.0", "16000", "1", "SWE"},
		{"4", "Bram", "van Dijk", "06020002", "4.0", "4000", "1", "NED"},
		{"5", "Gina", "<Rossi>", "07060007", "-2.0", "-2000", "1", "ITA"},
		{"6", "Frank", "O'Neil", "-", "-24.0", "-24000", "0", "GBR"},
		{"7", "Hana", "Sato", "05070008", "-41.0", "-41000", "1", "GER"},
		{"8", "Dmitri", "Ivanov", "15030004", "-46.0", "-46000", "1", "RUS"},
	}
	for i, w := range want {
		r := recs[i+1]
		got := []string{r[place], r[first], r[last], r[ema], r[points], r[score], r[member], r[country]}
		if !slices.Equal(got, w) {
			t.Errorf("row %d: %q, want %q", i+1, got, w)
		}
		tour := []string{r[0], r[1], r[11], r[12], r[13], r[15], r[16], r[17]}
		if !slices.Equal(tour, []string{"Test Riichi Open", "8", "FRA", "Lyon", "1", "Riichi", "7-8 Nov 2026", "2"}) {
			t.Errorf("row %d: tournament columns %q", i+1, tour)
		}
	}
}

// TestEMAXLSX: the workbook read back with excelize holds the same cells
// as the CSV, numbers as numbers and the EMA number as text.
func TestEMAXLSX(t *testing.T) {
	d := tournamentDay(t)
	s := d.ranked(t)
	var b bytes.Buffer
	if err := standings.WriteEMAXLSX(&b, d.tournament, s); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); !slices.Equal(got, []string{standings.EMASheetName}) {
		t.Fatalf("sheets %q", got)
	}
	rows, err := f.GetRows(standings.EMASheetName)
	if err != nil {
		t.Fatal(err)
	}
	want := append([][]string{standings.EMAHeader}, standings.EMASheet(d.tournament, s)...)
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i := range want {
		// excelize leaves a row's trailing empty cells out.
		w := want[i]
		for len(w) > 0 && w[len(w)-1] == "" {
			w = w[:len(w)-1]
		}
		if !slices.Equal(rows[i], w) {
			t.Errorf("row %d: %q, want %q", i+1, rows[i], w)
		}
	}
	// Numbers are numbers (a cell without a string type), text is text.
	for cell, text := range map[string]bool{"B2": false, "C2": false, "G2": false, "H9": false, "I7": false, "R2": false,
		"F2": true, "D2": true, "J2": true} {
		typ, err := f.GetCellType(standings.EMASheetName, cell)
		if err != nil {
			t.Fatal(err)
		}
		if (typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString) != text {
			t.Errorf("%s is of type %v, want text %v", cell, typ, text)
		}
	}
	if v, _ := f.GetCellValue(standings.EMASheetName, "G9", excelize.Options{RawCellValue: true}); v != "-46" {
		t.Errorf("G9's value %q, want the number -46", v)
	}
	if v, _ := f.GetCellValue(standings.EMASheetName, "F2"); v != "04010001" {
		t.Errorf("EMA number %q: leading zero lost", v)
	}
}

// TestRoundCSV: one row a player a game of the round, by table then seat.
func TestRoundCSV(t *testing.T) {
	d := tournamentDay(t)
	s := d.ranked(t)
	for _, round := range []string{"1", "2"} {
		var b bytes.Buffer
		if err := standings.WriteRoundCSV(&b, s, int(round[0]-'0')); err != nil {
			t.Fatal(err)
		}
		golden(t, "round"+round+".csv", b.Bytes())
		if n := strings.Count(b.String(), "\n"); n != 9 {
			t.Errorf("round %s: %d lines, want a header and 8", round, n)
		}
	}
	var b bytes.Buffer
	if err := standings.WriteRoundCSV(&b, s, 3); err != nil {
		t.Fatal(err)
	}
	if b.String() != strings.Join(standings.RoundHeader, ",")+"\n" {
		t.Errorf("a round without games: %q", b.String())
	}
}

// TestReport: the report lists the standings, each round's tables (the
// referee's marked), penalties and corrections with their reasons
// (withdrawn ones struck through), escapes names, and loads nothing.
func TestReport(t *testing.T) {
	d := tournamentDay(t)
	var b bytes.Buffer
	r := standings.Report{Tournament: d.tournament, Standings: d.ranked(t), Penalties: d.penalties, Corrections: d.corrections}
	if err := standings.WriteReport(&b, r); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.html", b.Bytes())
	html := b.String()
	for _, want := range []string{
		"<h2>Round 1</h2>", "<h2>Round 2</h2>", "Table 2 (result entered by a referee)",
		"slow play after two warnings", "Referee Kim", `class="withdrawn"`, "on time: the hall clock was wrong",
		"swapped the results of 6 and 7", "they sat in each other&#39;s seats for hands 3 to 6",
		"Gina &lt;Rossi&gt;", "&#43;51.0", "In-game penalties, in the result after uma: West (8 Hana Sato) -20.0.", "-46.0", `<td class="n">2=</td>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	for _, bad := range []string{"<Rossi>", "src=", `href="http`, `href="/`, "@import", "url("} {
		if strings.Contains(html, bad) {
			t.Errorf("report has %q", bad)
		}
	}
}

// TestStandingsPage: the standings alone, a withheld round said, golden.
func TestStandingsPage(t *testing.T) {
	d := tournamentDay(t)
	s, err := standings.Rank(d.players, d.games, d.penalties, standings.Options{Rounds: 2, HideLast: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := standings.WriteStandingsPage(&b, nil, d.tournament, s); err != nil {
		t.Fatal(err)
	}
	golden(t, "standings.html", b.Bytes())
	html := b.String()
	for _, want := range []string{"<title>Test Riichi Open: standings</title>", "Not counted: round 2 (hidden until the prize-giving).", "<th>R1</th>"} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"<th>R2</th>", "<h2>Round", "<h2>Penalties"} {
		if strings.Contains(html, bad) {
			t.Errorf("page has %q", bad)
		}
	}
}

// TestCSVInert: text a spreadsheet would run as a formula is written as
// text in the CSV files meant for spreadsheets; numbers are untouched.
func TestCSVInert(t *testing.T) {
	for in, want := range map[string]string{"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")", "+1": "'+1", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx",
		"-2.0": "-2.0", "Ana": "Ana", "": "", "'quoted": "'quoted"} {
		if got := standings.Inert(in); got != want {
			t.Errorf("Inert(%q) = %q, want %q", in, got, want)
		}
	}
	players := []standings.Player{{Number: 1, Name: "=cmd|' /C calc'!A0"}, {Number: 2, Name: "Bo Li"}, {Number: 3, Name: "Cy Do"}, {Number: 4, Name: "Di Ku"}}
	g := result(1, "@T1", [4]int{1, 2, 3, 4}, [4]int{-2000, 2000, 0, 0})
	s, err := standings.Rank(players, []standings.Game{g}, nil, standings.Options{Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	var ema, round bytes.Buffer
	if err := standings.WriteEMACSV(&ema, standings.Tournament{Name: "+Open", Rules: "Riichi"}, s); err != nil {
		t.Fatal(err)
	}
	if err := standings.WriteRoundCSV(&round, s, 1); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]string{"EMA": ema.String(), "round": round.String()} {
		recs, err := csv.NewReader(strings.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs[1:] {
			for _, cell := range rec {
				if _, err := strconv.ParseFloat(cell, 64); err != nil && cell != "" && strings.ContainsRune("=+@", rune(cell[0])) {
					t.Errorf("%s CSV: cell %q would run as a formula", name, cell)
				}
			}
		}
		if !strings.Contains(b, "-2.0") {
			t.Errorf("%s CSV: the number -2.0 was changed:\n%s", name, b)
		}
	}
}

// TestReportInFrench: the report in French has its headings, notes and
// numbers in French (a decimal comma), and none of the English ones; the
// players' own words (names, reasons) are as they were given.
func TestReportInFrench(t *testing.T) {
	fr, ok := catalog.Get("fr")
	if !ok {
		t.Fatal("no French in the catalog")
	}
	d := tournamentDay(t)
	var b bytes.Buffer
	r := standings.Report{Tournament: d.tournament, Standings: d.ranked(t), Penalties: d.penalties, Corrections: d.corrections, Lang: fr}
	if err := standings.WriteReport(&b, r); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`<html lang="fr">`, "<h2>Classement</h2>", "<h2>Ronde 1</h2>", "Table 2 (résultat saisi par un arbitre)",
		"Résultats en milliers de points.", "&#43;51,0", "Pénalités en jeu, dans le résultat après uma : Ouest (8 Hana Sato) -20,0.",
		"<h2>Pénalités</h2>", "<h2>Corrections</h2>", "slow play after two warnings", "Gina &lt;Rossi&gt;",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("French report lacks %q", want)
		}
	}
	for _, english := range []string{"<h2>Standings</h2>", "<h2>Round 1</h2>", "In-game penalties", "Results in thousands", "<th>Player</th>", "&#43;51.0"} {
		if strings.Contains(html, english) {
			t.Errorf("French report has the English %q", english)
		}
	}
}
