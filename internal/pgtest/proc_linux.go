package pgtest

import "syscall"

// procAttr runs a PostgreSQL program as cred (nil: as the test's user), and has the kernel
// stop it if the test binary dies without stopping it (a timeout's panic, a kill): SIGQUIT
// is PostgreSQL's immediate shutdown.
func procAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
}
