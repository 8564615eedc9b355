//! The catalogue of a disc and its rendering exactly as the AMSDOS `CAT` command prints it.

use super::AmsdosName;

/// One file as the directory describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogFile {
    /// User number 0-15.
    pub user: u8,
    /// Name.
    pub name: AmsdosName,
    /// Read-only attribute.
    pub read_only: bool,
    /// System attribute (CAT hides these files).
    pub system: bool,
    /// Archive attribute.
    pub archive: bool,
    /// 128-byte records stored (header included).
    pub records: u32,
    /// Size in K as CAT shows it (1 K blocks).
    pub size_k: u32,
    /// Indices of the file's directory entries, in extent order.
    pub entries: Vec<usize>,
}

/// All files of a disc and its free space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalog {
    /// Files sorted by user, then name.
    pub files: Vec<CatalogFile>,
    /// Free space in K.
    pub free_k: u32,
    /// Free directory entries.
    pub free_entries: usize,
    /// Data capacity in K (178 for DATA).
    pub capacity_k: u32,
}

impl Catalog {
    /// The text `CAT` prints for `user` in the 40-column mode 1 of a CPC after reset, one
    /// `String` per screen line (trailing spaces trimmed), without the command line and
    /// the `Ready` prompt around it. As the real AMSDOS does (checked in MAME with the
    /// Amstrad ROMs): names sorted, two columns filled top to bottom, read-only files
    /// marked `*`, system files and other users' files left out, a blank line after the
    /// files even when there are none.
    pub fn cat_lines(&self, user: u8) -> Vec<String> {
        let mut lines = vec![format!("Drive A: user {user:>2}"), String::new()];
        let cells: Vec<String> = self
            .files
            .iter()
            .filter(|f| f.user == user && !f.system)
            .map(cat_cell)
            .collect();
        let rows = cells.len().div_ceil(CAT_COLUMNS);
        for row in 0..rows {
            let line: String = (0..CAT_COLUMNS)
                .filter_map(|col| cells.get(col * rows + row))
                .map(String::as_str)
                .collect();
            lines.push(line.trim_end().to_string());
        }
        lines.push(String::new());
        lines.push(format!("{}K free", self.free_k));
        lines
    }
}

/// Entries per line in mode 1 (40 characters / 20 per entry).
const CAT_COLUMNS: usize = 2;

fn cat_cell(file: &CatalogFile) -> String {
    let name = String::from_utf8_lossy(file.name.name_part()).into_owned();
    let ext = String::from_utf8_lossy(file.name.ext_part()).into_owned();
    let mark = if file.read_only { '*' } else { ' ' };
    // 17 characters, then 3 spaces to the next column: 20 per entry.
    format!("{name}.{ext}{mark}{:>3}K   ", file.size_k)
}
