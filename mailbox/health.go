//go:build !js

package mailbox

import (
	"context"
	"encoding/json"
	"net/http"
	"time"
)

// Stats are the server's counts now and its totals since it started, for /healthz and
// whoever watches it.
type Stats struct {
	Connections int   `json:"connections"`
	Readers     int   `json:"readers"` // open games' readers
	Games       int64 `json:"games"`   // games the store holds
	Messages    int64 `json:"messages"`
	Bytes       int64 `json:"bytes"`
	Opens       int64 `json:"opens"`
	Creates     int64 `json:"creates"`
	Appends     int64 `json:"appends"` // accepted, Dups included
	Dups        int64 `json:"dups"`    // retries answered with the number they had
	Refused     int64 `json:"refused"` // connections and appends refused
	Delivered   int64 `json:"delivered"`
	StoreErrors int64 `json:"storeErrors"`
	TooSlow     int64 `json:"tooSlow"`
	Swept       int64 `json:"swept"` // games deleted by retention
}

// Stats reports the counts; the store's are left at 0 when it does not answer.
func (s *Server) Stats(ctx context.Context) (Stats, error) {
	s.mu.Lock()
	st := Stats{Connections: s.conns}
	for _, set := range s.subs {
		st.Readers += len(set)
	}
	s.mu.Unlock()
	c := &s.count
	st.Opens, st.Creates, st.Appends, st.Dups = c.opens.Load(), c.creates.Load(), c.appends.Load(), c.dups.Load()
	st.Refused, st.Delivered, st.StoreErrors, st.TooSlow, st.Swept = c.refused.Load(), c.delivered.Load(), c.storeErrors.Load(), c.tooSlow.Load(), c.swept.Load()
	ss, err := s.store.Stats(ctx)
	st.Games, st.Messages, st.Bytes = ss.Games, ss.Messages, ss.Bytes
	return st, err
}

// Health serves /healthz: 200 and the counts when the store answers, 503 when it does not.
func (s *Server) Health() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
		defer cancel()
		body := struct {
			OK    bool   `json:"ok"`
			Error string `json:"error,omitempty"`
			Stats
		}{OK: true}
		err := s.store.Ping(ctx)
		if err == nil {
			body.Stats, err = s.Stats(ctx)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if err != nil {
			body.OK, body.Error = false, "the store does not answer"
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(body)
	})
}
