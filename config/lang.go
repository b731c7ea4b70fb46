package config

import (
	"fmt"
	"strings"

	"github.com/tabled/tabled/catalog"
)

// Lang is the language of the table's words for people ([table]
// language, checked when the configuration was read): English when it is
// not one of the catalog's.
func (c Config) Lang() *catalog.Lang {
	if l, ok := catalog.Get(c.Table.Language); ok {
		return l
	}
	return catalog.English()
}

// TextLang is the language of a command's text: lang (a --lang flag),
// else the [table] language of the configuration file cfgFile, else
// English. A lang the catalog does not have is an error listing those it
// has.
func TextLang(lang, cfgFile string) (*catalog.Lang, error) {
	if lang == "" && cfgFile != "" {
		cfg, err := Load(cfgFile)
		if err != nil {
			return nil, err
		}
		lang = cfg.Table.Language
	}
	if lang == "" {
		return catalog.English(), nil
	}
	l, ok := catalog.Get(lang)
	if !ok {
		return nil, fmt.Errorf("--lang %q is not one of the catalog's languages: %s", lang, strings.Join(catalog.Codes(), ", "))
	}
	return l, nil
}
