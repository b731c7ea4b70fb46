package web

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/internal/httpjson"
)

// PairBody is the body of POST /api/pair: the code the table's panel shows.
type PairBody struct {
	Code string `json:"code"`
}

// jsonOnly answers 415 unless the request's body is JSON, and reports
// whether it is. A cross-site form cannot send JSON, nor the headers that
// carry the credentials: the two together keep every action safe from

// tooMany answers 429 to a client that failed too often and reports
// whether it did, in the language the request asks for (pageLang).
func (s *Server) tooMany(w http.ResponseWriter, r *http.Request, client string) bool {
	if s.limit.blocked(client) {
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": pageLang(r).Text("status.error.too_many")})
		return true
	}
	return false
}

// refereeRequest answers a request that is not the referee's (403 over
// plain HTTP where the table serves HTTPS, so the token never crosses the
// network in clear; 429 for a client that failed too often; 401 without
// the token or with a wrong one, only a wrong one counted as a failure,
// since any page in another tab can send none; 415 for a body that is not
// JSON) and reports whether it is.
func (s *Server) refereeRequest(w http.ResponseWriter, r *http.Request) bool {
	if !s.refereeOverHTTPS(w, r) {
		return false
	}
	client := clientOf(r)
	if s.tooMany(w, r, client) {
		return false
	}
	if got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); s.cfg.RefereeToken == "" || !ok || got == "" {
		metricRefereeRefused.Inc()
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "referee token missing"})
		return false
	}
	if !s.isReferee(r) {
		s.limit.fail(client)
		metricRefereeRefused.Inc()
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "referee token wrong"})
		return false
	}
	return httpjson.Only(w, r)
}

// refereeOverHTTPS answers 403 to a request that would carry the referee
// token over plain HTTP on a table that serves HTTPS, naming the address
// to use, and reports whether the request may go on.
func (s *Server) refereeOverHTTPS(w http.ResponseWriter, r *http.Request) bool {
	if s.cfg.HTTPS != "" && r.TLS == nil {
		writeJSON(w, http.StatusForbidden, map[string]string{"error": "referee actions go over HTTPS, so the token stays private: open " + s.cfg.HTTPS, "https": s.cfg.HTTPS})
		return false
	}
	return true
}

// clientOf is who a request comes from, for the failure limit.
func clientOf(r *http.Request) string { return clientKey(r.RemoteAddr) }

// isReferee reports whether the request carries the referee token.
func (s *Server) isReferee(r *http.Request) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return s.cfg.RefereeToken != "" && ok && subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.RefereeToken)) == 1
}

// handlePair takes a typed pairing code and answers the token a tablet
// then sends as "Authorization: Pair TOKEN". A wrong code counts as a
// failed attempt against the same limit as a wrong referee token.
func (s *Server) handlePair(w http.ResponseWriter, r *http.Request) {
	client := clientOf(r)
	if s.tooMany(w, r, client) || !httpjson.Only(w, r) {
		return
	}
	var b PairBody
	if err := decodeBody(r.Body, &b); err != nil {
		badBody(w, err)
		return
	}
	token, ok := s.cfg.Pairing.Pair(b.Code)
	if !ok {
		s.limit.fail(client)
		metricPairRefused.Inc()
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": pageLang(r).Text("status.error.wrong_code")})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"token": token})
}

// handlePairRenew draws a new pairing code, on the referee's demand: every
// tablet paired with the old one must enter the new one. The answer does
// not carry the code: it is read on the panel.
func (s *Server) handlePairRenew(w http.ResponseWriter, r *http.Request) {
	if !s.refereeRequest(w, r) {
		return
	}
	if err := decodeBody(r.Body, &struct{}{}); err != nil {
		badBody(w, err)
		return
	}
	if err := s.cfg.Pairing.Renew(); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"renewed": "the panel shows the new code"})
}

// entrySource is who may enter a table's values and seat names, from the
// request's credentials: the referee token ("Bearer TOKEN", source
// referee), a pairing token ("Pair TOKEN", source web), or on a simulated
// table without a pairing code anyone (source web). ok is false, and the failure counted, for
// credentials that are wrong or missing where they are needed.
func (s *Server) entrySource(r *http.Request, client string) (src engine.Source, ok bool) {
	auth := r.Header.Get("Authorization")
	switch {
	case strings.HasPrefix(auth, "Bearer "):
		if s.isReferee(r) && (s.cfg.HTTPS == "" || r.TLS != nil) {
			return engine.SourceReferee, true
		}
	case strings.HasPrefix(auth, "Pair "):
		if s.cfg.Pairing != nil && s.cfg.Pairing.Valid(strings.TrimPrefix(auth, "Pair ")) {
			return engine.SourceWeb, true
		}
	case auth == "" && s.cfg.Sim && s.cfg.Pairing == nil:
		return engine.SourceWeb, true
	case auth == "":
		// No credential is no guess (a page in another tab can send
		// this): it is refused, not counted against the client.
		metricPairRefused.Inc()
		return 0, false
	}
	s.limit.fail(client)
	metricPairRefused.Inc()
	return 0, false
}
