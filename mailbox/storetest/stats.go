//go:build !js

package storetest

import (
	"brass/mailbox"
)

// statChecks: "Stats counts what the store holds" (games, messages, bytes of envelopes) and
// "Ping checks that the store answers".
var statChecks = []check{
	{"EmptyStoreCountsNothing", statsEmpty},
	{"CountsGamesMessagesBytes", statsCount},
	{"PingAnswers", ping},
}

func statsEmpty(h *harness) {
	if st := h.stats(); st != (mailbox.StoreStats{}) {
		h.t.Fatalf("Stats of an empty store = %+v, want zeros", st)
	}
}

func statsCount(h *harness) {
	var want mailbox.StoreStats
	for i := range 3 {
		f := h.fixture(2, "198.51.100.7")
		c := f.create()
		h.mustCreate(c)
		as := []mailbox.Append{f.genesis()}
		for j := range i * 3 {
			as = append(as, f.move(j%2, -1, "m"))
		}
		for _, a := range as {
			h.mustAppend(a)
		}
		log := logOf(c, as...)
		want.Games++
		want.Messages += int64(len(log))
		want.Bytes += sizeOf(log)
		if got := h.stats(); got != want {
			h.t.Fatalf("Stats = %+v, want %+v", got, want)
		}
	}
}

func ping(h *harness) {
	if err := h.s.Ping(h.ctx); err != nil {
		h.t.Fatalf("Ping: %v", err)
	}
}
