package club

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"syscall"
)

// The states of the connection to the broker, as GET /api/status says them.
const (
	BrokerConnecting  = "connecting"
	BrokerConnected   = "connected"
	BrokerUnreachable = "unreachable"
)

// BrokerStatus is how the console stands with the club's broker: State is
// BrokerConnecting, BrokerConnected or BrokerUnreachable, Detail says it
// in words ("cannot reach broker.local:1883: connection refused,
// retrying").
type BrokerStatus struct {
	State  string `json:"broker"`
	Detail string `json:"detail"`
	// Host is the broker's host:port and Cause why it cannot be reached,
	// for a page to word the status in its reader's language ("" before
	// the console knows its broker).
	Host  string `json:"host,omitempty"`
	Cause string `json:"cause,omitempty"`
}

// brokerURL parses a broker address: mqtt://host:port or mqtts://host:port,
// nothing else (an http:// address would be dialled for ever as if it were
// a broker).
func brokerURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "mqtt" && u.Scheme != "mqtts") || u.Hostname() == "" {
		return nil, fmt.Errorf("club: broker %q is not an MQTT address: use mqtt://host:1883, or mqtts://host:8883 for TLS", s)
	}
	return u, nil
}

// connecting, connected and unreachable are the statuses of a broker at
// host (host:port) in words.
func connecting(host string) BrokerStatus {
	return BrokerStatus{State: BrokerConnecting, Detail: "connecting to " + host + "…", Host: host}
}

func connected(host string) BrokerStatus {
	return BrokerStatus{State: BrokerConnected, Detail: "connected to " + host, Host: host}
}

func unreachable(host string, err error) BrokerStatus {
	return BrokerStatus{State: BrokerUnreachable, Detail: fmt.Sprintf("cannot reach %s: %s, retrying", host, cause(err)), Host: host, Cause: cause(err)}
}

// cause is what went wrong in a connection attempt, as short as it is
// still true: "connection refused", "no such host", "i/o timeout", or the
// whole error.
func cause(err error) string {
	var errno syscall.Errno
	var dns *net.DNSError
	var ne net.Error
	switch {
	case errors.As(err, &errno):
		return errno.Error()
	case errors.As(err, &dns):
		return dns.Err
	case errors.As(err, &ne) && ne.Timeout():
		return "no answer (timed out)"
	}
	return err.Error()
}
