// Package uiloop stands in for the page's UI goroutine in tests of the client's sessions: a
// session hands its work to Run (as the page's dispatcher would), and the test does that work,
// one piece at a time, Until what it waits for holds.
package uiloop

import (
	"testing"
	"time"
)

// Loop is the queue of work handed to the UI goroutine.
type Loop struct{ work chan func() }

// New returns a loop that holds up to 256 pieces of work not yet done.
func New() *Loop { return &Loop{work: make(chan func(), 256)} }

// Run queues f, as a session's dispatcher does.
func (l *Loop) Run(f func()) { l.work <- f }

// Until does queued work until cond holds, and fails the test after a minute without it.
func (l *Loop) Until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case f := <-l.work:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting until %s", what)
		}
	}
}

// Drain does the work queued now, without waiting for more.
func (l *Loop) Drain() {
	for {
		select {
		case f := <-l.work:
			f()
		default:
			return
		}
	}
}
