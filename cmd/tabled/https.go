package main

import (
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/web"
)

// tableNames are the names and addresses tablets reach the table by
// (web.TableNames): the configured URL and hosts, and the listen
// addresses.
func tableNames(cfg config.Config) []string {
	return web.TableNames(append([]string{cfg.Web.URL, cfg.Web.Listen, cfg.Web.HTTPSListen}, cfg.Web.Hosts...)...)
}

// httpsConfig is the HTTPS side of the status page cfg configures.
func httpsConfig(cfg config.Config) web.HTTPSConfig {
	return web.HTTPSConfig{Listen: cfg.Web.HTTPSListen, CertFile: cfg.Web.CertFile, KeyFile: cfg.Web.KeyFile, StateDir: cfg.Log.Dir,
		StatusURL: cfg.Web.URL, StatusListen: cfg.Web.Listen, Names: tableNames(cfg)}
}
