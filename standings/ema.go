package standings

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Tournament is what the EMA sheet and the report say of the tournament
// itself.
type Tournament struct {
	// Name is the tournament's name.
	Name string `json:"name"`
	// Country is the host country's code as the EMA writes it ("FRA");
	// City the town it is played in.
	Country string `json:"country,omitempty"`
	City    string `json:"city,omitempty"`
	// MERS is the weight the EMA certified the tournament with ("1",
	// "1.5"), as text; empty when not (yet) certified.
	MERS string `json:"mers,omitempty"`
	// Rules is the rule set as the EMA names it: "Riichi" (or "MCR").
	Rules string `json:"rules"`
	// Dates is the dates as the organiser writes them ("7-8 Nov 2026");
	// Days the number of days.
	Dates string `json:"dates,omitempty"`
	Days  int    `json:"days,omitempty"`
}

// EMAHeader is the EMA results sheet's header row. The EMA's results
// workbook is read by column position, so the positions are what count:
//
//	A tournament name      B number of players   C place
//	D first name           E last name           F EMA number
//	G table points         H score               I EMA member (1, or 0: no EMA number)
//	J player's country     K (empty)             L host country
//	M city                 N MERS weight         O (empty)
//	P rules                Q dates               R days
//
// The tournament's columns (A, B, L-R) are filled on every row. Table
// points are the player's total in thousands with one decimal (Thousands
// without its plus sign, as a spreadsheet number) and the score the same
// total in points; a player without an EMA number has F empty and I 0.
var EMAHeader = []string{"Tournament", "Players", "Place", "First name", "Last name", "EMA number",
	"Table points", "Score", "EMA member", "Country", "", "Tournament country", "City", "MERS", "", "Rules", "Dates", "Days"}

// EMASheet is the EMA sheet's rows under EMAHeader: one a player, in the
// standings' order, ties sharing a place.
func EMASheet(t Tournament, s Standings) [][]string {
	rows := make([][]string, 0, len(s.Rows))
	for _, r := range s.Rows {
		first, last := SplitName(r.Player)
		member := "0"
		if r.Player.EMA != "" {
			member = "1"
		}
		rows = append(rows, []string{
			t.Name, strconv.Itoa(len(s.Rows)), strconv.Itoa(r.Place), first, last, r.Player.EMA,
			strings.TrimPrefix(Thousands(r.Total), "+"), strconv.Itoa(r.Total), member, r.Player.Country, "",
			t.Country, t.City, t.MERS, "", t.Rules, t.Dates, days(t.Days),
		})
	}
	return rows
}

// days is a day count, empty when not said.
func days(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// SplitName is a player's first and last names for the EMA sheet: the
// last name is LastName when set (and the first name what precedes it in
// Name), else the last word of Name.
func SplitName(p Player) (first, last string) {
	name := strings.TrimSpace(p.Name)
	if p.LastName != "" {
		if rest, ok := strings.CutSuffix(name, p.LastName); ok {
			return strings.TrimSpace(rest), p.LastName
		}
		return name, p.LastName
	}
	i := strings.LastIndexByte(name, ' ')
	if i < 0 {
		return "", name
	}
	return strings.TrimSpace(name[:i]), name[i+1:]
}

// WriteEMACSV writes the EMA sheet as CSV: EMAHeader, then EMASheet.
func WriteEMACSV(w io.Writer, t Tournament, s Standings) error {
	return writeCSV(w, "EMA sheet", EMAHeader, EMASheet(t, s))
}

// writeCSV writes a header and rows, the error naming the document.
func writeCSV(w io.Writer, what string, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("standings: %s: %w", what, err)
	}
	if err := cw.WriteAll(rows); err != nil {
		return fmt.Errorf("standings: %s: %w", what, err)
	}
	return nil
}
