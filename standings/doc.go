// Package standings turns a tournament's games into its standings and the
// documents that come out of it: the ranking (ties share a place), the
// checks that refuse to guess (table points that do not add up, results
// that do not sum to zero, a player in two games of a round or in none),
// the EMA results sheet (CSV and .xlsx), a per-round CSV, the players
// CSV, a printable standings page and a printable HTML tournament report;
// and the two corrections a referee makes without typing a result
// (WithResults, SwapSeats).
//
// It is pure: no clock, no goroutines, no I/O but the readers and writers
// it is handed. The console keeps the record (who confirmed, corrected or
// penalised what, and when) and passes what is in force; this package
// never mends a number it is given.
//
// # Points
//
// Every amount is an int in points, as the tables keep them (a result of
// +45,300 is 45300). People read results in thousands with one decimal:
// Thousands is the one formatter, used by every document here.
//
// # Files
//
// The EMA results sheet (EMASheet, WriteEMACSV, WriteEMAXLSX) has one row
// a player, in the order of the standings, and the columns of the EMA's
// results workbook, by position (the ranking reads them by position): see
// EMAHeader for the eighteen columns and docs/results.md for what each
// holds. The per-round CSV (WriteRoundCSV) has one row a player a game.
// The players' list is read and written by the console (club.ReadPlayers),
// whose register it is.
package standings
