package config

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// lines locates keys and table headers in the text, because the TOML
// decoder does not say where an unknown key or a repeated pin was written.
type lines struct {
	keys    map[string]int   // "table.window" -> first line
	headers map[string][]int // "button" -> line of each [[button]] or [button]
	// elemKeys are the keys of each [[name]] element: "reader#1.role" ->
	// line, for the second [[reader]]'s role.
	elemKeys map[string]int
}

func scan(b []byte) lines {
	l := lines{keys: map[string]int{}, headers: map[string][]int{}, elemKeys: map[string]int{}}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, len(b)+1)
	section, elem := "", ""
	for n := 1; sc.Scan(); n++ {
		s := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(s, "["):
			name := strings.Trim(s, "[] \t")
			if i := strings.IndexByte(name, '#'); i >= 0 {
				name = strings.Trim(name[:i], "[] \t")
			}
			section, elem = name, ""
			if strings.HasPrefix(s, "[[") {
				elem = name + "#" + strconv.Itoa(len(l.headers[name]))
			}
			l.headers[name] = append(l.headers[name], n)
		case strings.Contains(s, "="):
			key := strings.Trim(strings.TrimSpace(s[:strings.IndexByte(s, '=')]), `"'`)
			full := key
			if section != "" {
				full = section + "." + key
			}
			if _, ok := l.keys[full]; !ok {
				l.keys[full] = n
			}
			if elem != "" {
				l.elemKeys[elem+"."+key] = n
			}
		}
	}
	return l
}

// elemKeyLine is the line of key in the i-th [[name]], or of that
// element's header when the key is not written there.
func (l lines) elemKeyLine(name string, i int, key string) int {
	if n, ok := l.elemKeys[name+"#"+strconv.Itoa(i)+"."+key]; ok {
		return n
	}
	return l.arrayLine(name, i)
}

// keyLine is the line of a key, or of its table, or 0 when unknown.
func (l lines) keyLine(k toml.Key) int {
	for i := len(k); i > 0; i-- {
		if n, ok := l.keys[strings.Join(k[:i], ".")]; ok {
			return n
		}
		if n := l.header(strings.Join(k[:i], ".")); n > 0 {
			return n
		}
	}
	return 0
}

// header is the line of the first [name] or [[name]].
func (l lines) header(name string) int {
	if hs := l.headers[name]; len(hs) > 0 {
		return hs[0]
	}
	return 0
}

// arrayLine is the line of the i-th [[name]].
func (l lines) arrayLine(name string, i int) int {
	if hs := l.headers[name]; i < len(hs) {
		return hs[i]
	}
	return 0
}
