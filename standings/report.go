package standings

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
)

//go:embed pages.tmpl
var pagesFS embed.FS

// pages are the printable pages: "report.html", the tournament report,
// and "standings.html", the standings alone; each one HTML document with
// its style inline and no external asset, so it prints and files as is.
var pages = template.Must(template.New("pages.tmpl").ParseFS(pagesFS, "pages.tmpl"))

// Report is what the tournament report shows.
type Report struct {
	Tournament Tournament
	// Standings are the standings to print (the organiser ranks them with
	// Reveal set for the final report).
	Standings Standings
	// Penalties are every penalty given, withdrawn ones included (they
	// are listed with why they were withdrawn, and count nothing).
	Penalties []Penalty
	// Corrections are every correction made, withdrawn ones included.
	Corrections []Correction
	// Problems are the checks' findings still open, if any.
	Problems []Problem
	// Lang is the language of the page's words and numbers (nil:
	// English).
	Lang *catalog.Lang
}

// reportPage is the template's data: the report and what it looks up.
type reportPage struct {
	Report
	// Title is what the page is, after the tournament's name.
	Title  string
	Rounds []reportRound
	names  map[int]string
}

// reportRound is one round's tables.
type reportRound struct {
	Round  int
	Tables []reportTable
}

// reportTable is one game as the report lists it.
type reportTable struct {
	Game
	Names  [Seats]string
	Places [Seats]int
	// InGame are the seats whose result carries an in-game penalty (a
	// chombo under RCR 2016), in words.
	InGame []string
}

// T is the catalog's message key in the page's language, args its
// parameters' names and values.
func (p reportPage) T(key string, args ...any) string { return p.Lang.Text(key, args...) }

// Code is the page's language code, for its html element.
func (p reportPage) Code() string { return p.Lang.Code() }

// K is a result in thousands of points as the language writes it: "+23.0",
// "+23,0".
func (p reportPage) K(points int) string {
	return strings.Replace(Thousands(points), ".", p.Lang.DecimalMark(), 1)
}

// Seat is a seat's wind in the page's language.
func (p reportPage) Seat(seat int) string {
	if seat >= 0 && seat < Seats {
		return p.T("wind." + "ESWN"[seat:seat+1])
	}
	return seatName(seat)
}

// Name is a player's number and name ("7 Ana Silva").
func (p reportPage) Name(n int) string {
	if name, ok := p.names[n]; ok {
		return strconv.Itoa(n) + " " + name
	}
	return strconv.Itoa(n)
}

// WriteReport writes the tournament report: the standings, each round's
// tables and results (tables a referee entered marked), the penalties
// and corrections with their reasons, and any open problem.
func WriteReport(w io.Writer, r Report) error {
	page := reportPage{Report: r, names: map[int]string{}}
	page.Title = page.T("report.title.results")
	for _, row := range r.Standings.Rows {
		page.names[row.Player.Number] = row.Player.Name
	}
	for _, g := range r.Standings.Games {
		if n := len(page.Rounds); n == 0 || page.Rounds[n-1].Round != g.Round {
			page.Rounds = append(page.Rounds, reportRound{Round: g.Round})
		}
		t := reportTable{Game: g, Places: tablePlaces(g.Points)}
		for s, n := range g.Players {
			t.Names[s] = page.Name(n)
			if g.Penalty[s] != 0 {
				t.InGame = append(t.InGame, page.T("report.in_game_one", "seat", page.Seat(s), "player", t.Names[s], "amount", page.K(-g.Penalty[s])))
			}
		}
		last := &page.Rounds[len(page.Rounds)-1]
		last.Tables = append(last.Tables, t)
	}
	if err := pages.ExecuteTemplate(w, "report.html", page); err != nil {
		return fmt.Errorf("standings: report: %w", err)
	}
	return nil
}

// WriteStandingsPage writes the standings alone as a printable page (for
// the wall, or a round's end) in language l (nil: English): the same
// table as the report's first.
func WriteStandingsPage(w io.Writer, l *catalog.Lang, t Tournament, s Standings) error {
	page := reportPage{Report: Report{Tournament: t, Standings: s, Lang: l}}
	page.Title = page.T("report.title.standings")
	if err := pages.ExecuteTemplate(w, "standings.html", page); err != nil {
		return fmt.Errorf("standings: standings page: %w", err)
	}
	return nil
}
