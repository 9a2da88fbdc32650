//go:build unix && !linux

package pgtest

import "syscall"

// procAttr runs a PostgreSQL program as cred (nil: as the test's user). Outside Linux there
// is no parent-death signal: a test binary that dies without Main's cleanup leaves the
// server running.
func procAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred}
}
