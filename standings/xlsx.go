package standings

import (
	"fmt"
	"io"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// EMASheetName is the worksheet the .xlsx holds the EMA sheet in.
const EMASheetName = "Results"

// numericColumns are the EMA sheet's columns (by index) written as
// numbers in the .xlsx, so a spreadsheet sorts and sums them: players,
// place, table points, score, EMA member, days. The EMA number stays
// text, keeping its leading zeros.
var numericColumns = map[int]bool{1: true, 2: true, 6: true, 7: true, 8: true, 17: true}

// tenths is the number format of the table points column.
var tenths = "0.0"

// WriteEMAXLSX writes the EMA sheet as an .xlsx workbook: one worksheet,
// EMASheetName, holding EMAHeader and EMASheet's rows, the same cells as
// the CSV with the numeric columns as numbers.
func WriteEMAXLSX(w io.Writer, t Tournament, s Standings) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", EMASheetName); err != nil {
		return fmt.Errorf("standings: EMA workbook: %w", err)
	}
	// Table points show one decimal, as Thousands writes them.
	style, err := f.NewStyle(&excelize.Style{CustomNumFmt: &tenths})
	if err != nil {
		return fmt.Errorf("standings: EMA workbook: %w", err)
	}
	if err := f.SetColStyle(EMASheetName, "G", style); err != nil {
		return fmt.Errorf("standings: EMA workbook: %w", err)
	}
	rows := append([][]string{EMAHeader}, EMASheet(t, s)...)
	for i, row := range rows {
		cells := make([]any, len(row))
		for j, v := range row {
			cells[j] = v
			if i > 0 && numericColumns[j] && v != "" {
				if n, err := strconv.ParseFloat(v, 64); err == nil {
					cells[j] = n
				}
			}
		}
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		if err != nil {
			return fmt.Errorf("standings: EMA workbook: %w", err)
		}
		if err := f.SetSheetRow(EMASheetName, cell, &cells); err != nil {
			return fmt.Errorf("standings: EMA workbook row %d: %w", i+1, err)
		}
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("standings: EMA workbook: %w", err)
	}
	return nil
}
