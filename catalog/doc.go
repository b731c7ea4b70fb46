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
// The language work is golang.org/x/text's: matching a browser's
// Accept-Language or a configuration value to a language the catalog has
// (language.Matcher), the plural forms (feature/plural) and numbers in the
// language's own form (the thousands separator: 36,000 in English, 36 000
// in French). Its message catalogs are not used for the texts themselves:
// their printf verbs are positional, and a translator reads "{name} sits
// {wind}" more surely than "%[1]s sits %[2]s".
package catalog
