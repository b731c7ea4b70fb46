package catalog

import "strings"

// winds are the wind letters the catalog keys its winds by (wind.E).
var winds = [...]string{"E", "S", "W", "N"}

// WindLetter is the wind a person names by word, in any language of the
// catalog and any case, by its letter or its name ("O", "Ouest", "west",
// "W"), as the letter the catalog keys it by ("W"); false when the word
// names no wind.
func WindLetter(word string) (string, bool) {
	for _, code := range Codes() {
		l, _ := Get(code)
		for _, w := range winds {
			if strings.EqualFold(word, l.Text("wind."+w)) || strings.EqualFold(word, l.Text("wind.letter."+w)) {
				return w, true
			}
		}
	}
	return "", false
}
