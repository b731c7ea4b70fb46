// Package outcome is the one home of an outcome record: what the engine
// decided, as the claim log stores it, as "tabled sim --json" prints it (the
// scenario contract), as the status page, the club console and the mjai
// export read it, and in the words people read.
//
// A Record is one line: its Type says which of the fields it carries
// (decision, rejected, flag, dora, hand_end, deal, kong_stands). Of makes it
// from an engine.Outcome; its JSON (MarshalJSON, and encoding/json to read
// it back) uses the contract's field names, each type's required fields
// always written and its optional ones only when set, in the contract's
// order. Besides the contract's fields a record carries the rule codes of
// the engine (engine.RuleCode) behind the outcome and behind every lost
// claim, and the words of a lost claim's rule ("why"): the claim log and the
// page keep them, and Contract strips them for the scenario output, which
// stays as the contract's examples print it. A replay compares records with
// Same, by structure and codes; a reworded reason is not a different
// decision.
//
// The words for people are here too, one function a sentence (Deal,
// Decision, Rejected, Flag, Dora, HandEnd, KongStands, LostLine, and Line
// for any record), used by the terminal, the panel, the page, the log's text
// and the console, so that a sentence changes in one place.
//
// To add a line type: a Type constant, its fields in Record (omitempty), its
// field list in MarshalJSON, a case in Of if the engine makes it, and its
// sentence in words.go with a case in Line. Numbers by seat (scores,
// deltas) are a ByWind, written in turn order from East.
//
// The package imports only the engine and the standard library.
package outcome
