// Package logtext is the claim log for people: `tabled log`'s text, a
// line per record (its sequence number, its time within the hand, the
// wall clock, the hand, the source and seat, and what it says), in the
// catalog's words of the reader's language. A record's reasons are logged
// in English with their rule codes and arguments; a reader in another
// language reads them in its own (outcome.Words), and a record logged
// before the codes or arguments were kept reads in its English.
package logtext
