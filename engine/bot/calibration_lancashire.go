package bot

// flipTableLancashire starts as Birmingham's table with even chances for Lancashire's own
// classes, until TestCalibrate measures it (EDITION=lancashire).
var flipTableLancashire = func() flipTab {
	t := flipTable
	for n := range t {
		for era := range t[n] {
			for _, cl := range []int{classCottonDistant, classPortIdle, classPortWanted} {
				for rl := range t[n][era][cl] {
					t[n][era][cl][rl] = 0.5
				}
			}
		}
	}
	return t
}()
