// Command nfpm-deb builds a Debian package from an nfpm configuration with
// nfpm's library, pinned in this module's go.mod. It stands in for nfpm's
// own command, which also links every other packager (rpm, apk, msix) and
// their dependencies; only the deb packager is needed here.
//
// Usage:
//
//	nfpm-deb --config packaging/nfpm.yaml --target dist/
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/goreleaser/nfpm/v2"
	_ "github.com/goreleaser/nfpm/v2/deb" // registers the deb packager
)

func main() {
	config := flag.String("config", "nfpm.yaml", "the nfpm configuration (environment variables expanded)")
	target := flag.String("target", ".", "the directory to write the package to")
	flag.Parse()
	path, err := build(*config, *target)
	if err != nil {
		fmt.Fprintf(os.Stderr, "nfpm-deb: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(path)
}

// build writes the package described by config into dir and returns its path.
func build(config, dir string) (string, error) {
	c, err := nfpm.ParseFile(config)
	if err != nil {
		return "", fmt.Errorf("%s: %w", config, err)
	}
	info, err := c.Get("deb")
	if err != nil {
		return "", fmt.Errorf("%s: %w", config, err)
	}
	info = nfpm.WithDefaults(info)
	pkg, err := nfpm.Get("deb")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, pkg.ConventionalFileName(info))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	info.Target = path
	if err := pkg.Package(info, f); err != nil {
		f.Close()
		os.Remove(path)
		return "", fmt.Errorf("package %s: %w", path, err)
	}
	return path, f.Close()
}
