package standings

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
)

//go:embed report.html
var reportFS embed.FS

// reportTemplate is the report's page: one printable HTML document with
// its style inline and no external asset, so it prints and files as is.
var reportTemplate = template.Must(template.New("report.html").Funcs(template.FuncMap{
	"k":    Thousands,
	"seat": seatName,
}).ParseFS(reportFS, "report.html"))

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
}

// reportPage is the template's data: the report and what it looks up.
type reportPage struct {
	Report
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
				t.InGame = append(t.InGame, seatName(s)+" ("+t.Names[s]+") "+Thousands(-g.Penalty[s]))
			}
		}
		last := &page.Rounds[len(page.Rounds)-1]
		last.Tables = append(last.Tables, t)
	}
	if err := reportTemplate.Execute(w, page); err != nil {
		return fmt.Errorf("standings: report: %w", err)
	}
	return nil
}
