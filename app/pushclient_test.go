//go:build !js

package app

import (
	"bytes"
	"testing"

	"brass/push"
)

// The page signs the very bytes the server checks.
func TestPushRequestsSignWhatTheServerChecks(t *testing.T) {
	sub := PushSubscription{Endpoint: "https://push.example/abc"}
	sub.Keys.P256dh, sub.Keys.Auth = "BPk", "au"
	var ps push.Subscription
	ps.Endpoint, ps.Keys.P256dh, ps.Keys.Auth = sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth
	if got, want := nudgeMessage("g", "k", 2, "turn", 99), push.NudgeMessage("g", "k", 2, "turn", 99); !bytes.Equal(got, want) {
		t.Errorf("nudge: %q, the server checks %q", got, want)
	}
	if got, want := nudgeMessageDue("g", "k", 2, "remind", 99, 1234), push.NudgeMessageDue("g", "k", 2, "remind", 99, 1234); !bytes.Equal(got, want) {
		t.Errorf("reminder: %q, the server checks %q", got, want)
	}
	if got, want := subscribeMessage("brass push subscribe v1", "g", "k", sub, 99), push.SubscribeMessage("g", "k", ps, 99); !bytes.Equal(got, want) {
		t.Errorf("subscribe: %q, the server checks %q", got, want)
	}
	if got, want := subscribeMessage("brass push unsubscribe v1", "g", "k", sub, 99), push.UnsubscribeMessage("g", "k", ps, 99); !bytes.Equal(got, want) {
		t.Errorf("unsubscribe: %q, the server checks %q", got, want)
	}
	for in, want := range map[string]string{"ws://h:8000/mailbox": "http://h:8000/push/", "wss://brass.example/mailbox/": "https://brass.example/push/"} {
		if got := pushURL(in); got != want {
			t.Errorf("pushURL(%q) = %q, want %q", in, got, want)
		}
	}
}
