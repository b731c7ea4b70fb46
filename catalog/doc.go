// Package catalog is the one home of every sentence a person reads: the
// status page, the panel, the console, the terminal, the log for people,
// the results. A message is keyed by a stable id ("seat.sits") and takes
// named parameters ("{name} sits {wind}"); each language is one file,
// messages/<code>.toml, so adding a language is adding a file.
//
// Packages that decide things return codes and parameters, never
// sentences; the claim log keeps the codes, so an old log reads in any
// language and a reworded message changes no replay. Views turn codes
// into words here, at the moment they show them.
//
// A parser that refuses what a person typed or configured (the scenario
// command language, the terminal, the command line) returns a Refusal: a
// key and its parameters, whose Error is its English (for logs, JSON and
// wrapped errors) and whose In words it in the reader's language; ErrorIn
// finds one in an error's chain. The packages below the catalog (tile,
// payment, engine) give their errors a code beside their English
// (tile.NotationError, payment.Fault, engine.NameError) for the view
// above them to word the same way. TestNoSentenceOutsideTheCatalogInGo
// keeps every other sentence of the Go code here, but for the exceptions
// it names with why.
//
// The language work is golang.org/x/text's: matching a browser's
// Accept-Language or a configuration value to a language the catalog has
// (language.Matcher), the plural forms (feature/plural) and numbers in the
// language's own form (the thousands separator: 36,000 in English, 36 000
// in French). Its message catalogs are not used for the texts themselves:
// their printf verbs are positional, and a translator reads "{name} sits
// {wind}" more surely than "%[1]s sits %[2]s".
package catalog
