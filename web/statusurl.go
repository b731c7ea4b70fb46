package web

import (
	"net"
	"net/url"
	"os"
	"strings"
)

// StatusURL is the status page's address as a tablet on the LAN reaches
// it, the one the daemon's start line and the panels' QR code name: the
// configured url, or the listening address listen; one that listens on
// every interface is named by this host's LAN address (a phone resolves an
// address where it may not resolve a .local name), or by its mDNS name
// when it has none. "" when listen is no host:port.
func StatusURL(url, listen string) string { return statusURLWith(url, listen, LANAddress) }

func statusURLWith(url, listen string, lan func() string) string {
	if url != "" {
		return url
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return ""
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = lan()
		if host == "" {
			name, err := os.Hostname()
			if err != nil {
				return ""
			}
			host = strings.TrimSuffix(name, ".local") + ".local"
		}
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// LANAddress is this host's IPv4 address on an interface that is up: a
// private one if it has one, else any other unicast one; "" for none.
func LANAddress() string {
	ifs, err := net.Interfaces()
	if err != nil {
		return ""
	}
	var other string
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			switch {
			case !ok || ipn.IP.To4() == nil || !ipn.IP.IsGlobalUnicast():
			case ipn.IP.IsPrivate():
				return ipn.IP.String()
			case other == "":
				other = ipn.IP.String()
			}
		}
	}
	return other
}

// HTTPSURL is the HTTPS page's address: the status page's host (as
// StatusURL names it from url and listen) on httpsListen's port.
func HTTPSURL(statusURL, listen, httpsListen string) string {
	_, port, _ := net.SplitHostPort(httpsListen)
	host := "localhost"
	if u, err := url.Parse(StatusURL(statusURL, listen)); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return "https://" + net.JoinHostPort(host, port) + "/"
}
