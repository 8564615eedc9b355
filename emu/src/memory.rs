//! 128 KB of RAM with the 6128 banking, and optional ROM images.
//!
//! The CPU sees four 16 KB windows. Writes always go to RAM; reads come from a ROM when the
//! Gate Array enables it *and* an image is loaded (no ROM is needed to run a bare-metal
//! program, so without an image the ROM enable bits are kept but reads still see RAM).
//! The video hardware always reads the base 64 KB (blocks 0-3). Without the second 64 KB
//! (a 464 or a 664: [`Memory::set_second_64k`]) the RAM configurations change nothing.

/// One 16 KB page.
pub const PAGE: usize = 0x4000;
/// Base 64 KB + the 6128's extra 64 KB.
pub const RAM_SIZE: usize = 8 * PAGE;

/// Blocks seen at &0000/&4000/&8000/&C000 for each 6128 RAM configuration (reference
/// section 4.2).
const CONFIGS: [[u8; 4]; 8] = [
    [0, 1, 2, 3],
    [0, 1, 2, 7],
    [4, 5, 6, 7],
    [0, 3, 2, 7],
    [0, 4, 2, 3],
    [0, 5, 2, 3],
    [0, 6, 2, 3],
    [0, 7, 2, 3],
];

#[derive(Clone)]
pub struct Memory {
    /// RAM (8 pages), then the lower ROM page, then the selected upper ROM page; padded to
    /// a power of two so that masking the index proves it in bounds.
    bytes: Box<[u8; STORE]>,
    read: [usize; 4],
    write: [usize; 4],
    ram_config: u8,
    second_64k: bool,
    lower_rom: bool,
    upper_rom: bool,
    has_lower: bool,
    upper_images: Vec<(u8, Vec<u8>)>,
    upper_selected: u8,
    /// The first index in `bytes` whose writes are watched and how many from it (0: none),
    /// and whether one happened since [`Memory::clear_watch_hit`].
    watched: usize,
    watched_len: usize,
    watch_hit: bool,
}

const LOWER_ROM_PAGE: usize = 8;
const STORE: usize = 16 * PAGE;
const UPPER_ROM_PAGE: usize = 9;

impl Memory {
    pub fn new() -> Memory {
        let mut m = Memory {
            bytes: vec![0u8; STORE]
                .into_boxed_slice()
                .try_into()
                .expect("STORE bytes"),
            read: [0; 4],
            write: [0; 4],
            ram_config: 0,
            second_64k: true,
            lower_rom: false,
            upper_rom: false,
            has_lower: false,
            upper_images: Vec::new(),
            upper_selected: 0,
            watched: 0,
            watched_len: 0,
            watch_hit: false,
        };
        m.remap();
        m
    }

    #[inline]
    pub fn read(&self, addr: u16) -> u8 {
        self.bytes[(self.read[(addr >> 14) as usize] + (addr & 0x3FFF) as usize) & (STORE - 1)]
    }

    /// Where in `bytes` the CPU's write at `addr` lands in the current configuration.
    #[inline]
    fn write_index(&self, addr: u16) -> usize {
        (self.write[(addr >> 14) as usize] + (addr & 0x3FFF) as usize) & (STORE - 1)
    }

    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        let index = self.write_index(addr);
        self.bytes[index] = value;
        if index.wrapping_sub(self.watched) < self.watched_len {
            self.watch_hit = true;
        }
    }

    /// Watches writes to the `len` RAM bytes the CPU writes from `first` in the current
    /// configuration (those bytes, wherever a later configuration shows them), or nothing
    /// (`len` 0). False, and nothing watched, when they cross a 16 KB page: the next page's
    /// bytes may then lie anywhere in the store.
    pub fn watch_writes(&mut self, first: u16, len: u16) -> bool {
        let last = first.wrapping_add(len.saturating_sub(1));
        let fits = len == 0 || (first >> 14 == last >> 14 && last >= first);
        self.watched = self.write_index(first);
        self.watched_len = if fits { len as usize } else { 0 };
        self.watch_hit = false;
        fits
    }

    /// The same watch as `other`'s (a machine started again keeps it).
    pub fn watch_as(&mut self, other: &Memory) {
        self.watched = other.watched;
        self.watched_len = other.watched_len;
        self.watch_hit = false;
    }

    /// True when a watched byte was written since the last [`Memory::clear_watch_hit`].
    #[inline]
    pub fn watch_hit(&self) -> bool {
        self.watch_hit
    }

    pub fn clear_watch_hit(&mut self) {
        self.watch_hit = false;
    }

    /// The base 64 KB as the video hardware sees it.
    #[inline]
    pub fn video(&self) -> &[u8] {
        &self.bytes[..4 * PAGE]
    }

    /// All 128 KB of RAM, by physical block.
    pub fn ram(&self) -> &[u8] {
        &self.bytes[..RAM_SIZE]
    }

    pub fn ram_mut(&mut self) -> &mut [u8] {
        &mut self.bytes[..RAM_SIZE]
    }

    pub fn ram_config(&self) -> u8 {
        self.ram_config
    }

    /// Gate Array function 3 (&7Fxx with &C0-&FF): bits 2-0 select the configuration. A
    /// machine without the second 64 KB ignores it (reference 4.2).
    pub fn set_ram_config(&mut self, value: u8) {
        if self.second_64k {
            self.ram_config = value & 7;
            self.remap();
        }
    }

    /// Whether the machine has the 6128's second 64 KB (the default). Without it the RAM
    /// configuration goes back to 0 and stays there.
    pub fn set_second_64k(&mut self, present: bool) {
        self.second_64k = present;
        if !present {
            self.ram_config = 0;
            self.remap();
        }
    }

    pub fn has_second_64k(&self) -> bool {
        self.second_64k
    }

    pub fn set_rom_enables(&mut self, lower: bool, upper: bool) {
        self.lower_rom = lower;
        self.upper_rom = upper;
        self.remap();
    }

    /// Installs a 16 KB lower (firmware) ROM image.
    pub fn set_lower_rom(&mut self, image: &[u8]) -> Result<(), usize> {
        if image.len() != PAGE {
            return Err(image.len());
        }
        let at = LOWER_ROM_PAGE * PAGE;
        self.bytes[at..at + PAGE].copy_from_slice(image);
        self.has_lower = true;
        self.remap();
        Ok(())
    }

    /// Installs a 16 KB upper ROM image under number `slot` (0 = BASIC, 7 = AMSDOS).
    pub fn set_upper_rom(&mut self, slot: u8, image: &[u8]) -> Result<(), usize> {
        if image.len() != PAGE {
            return Err(image.len());
        }
        self.upper_images.retain(|(s, _)| *s != slot);
        self.upper_images.push((slot, image.to_vec()));
        self.select_upper_rom(self.upper_selected);
        Ok(())
    }

    /// &DFxx: selects the upper ROM; an empty slot shows ROM 0, as on a real CPC.
    /// The upper ROM slot last selected (port &DFxx).
    pub fn upper_selected(&self) -> u8 {
        self.upper_selected
    }

    pub fn select_upper_rom(&mut self, slot: u8) {
        self.upper_selected = slot;
        let image = self
            .upper_images
            .iter()
            .find(|(s, _)| *s == slot)
            .or_else(|| self.upper_images.iter().find(|(s, _)| *s == 0));
        if let Some((_, image)) = image {
            let at = UPPER_ROM_PAGE * PAGE;
            self.bytes[at..at + PAGE].copy_from_slice(image);
        }
        self.remap();
    }

    pub fn upper_rom_selected(&self) -> u8 {
        self.upper_selected
    }

    fn remap(&mut self) {
        let blocks = CONFIGS[self.ram_config as usize];
        for (window, block) in blocks.iter().enumerate() {
            self.write[window] = *block as usize * PAGE;
            self.read[window] = self.write[window];
        }
        if self.lower_rom && self.has_lower {
            self.read[0] = LOWER_ROM_PAGE * PAGE;
        }
        if self.upper_rom && !self.upper_images.is_empty() {
            self.read[3] = UPPER_ROM_PAGE * PAGE;
        }
    }
}

impl Default for Memory {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_the_second_64k_the_configurations_change_nothing() {
        let mut m = Memory::new();
        m.set_ram_config(1);
        m.set_second_64k(false);
        assert_eq!(m.ram_config(), 0, "back to configuration 0");
        m.write(0xC000, 0x55);
        for cfg in 1..8u8 {
            m.set_ram_config(cfg);
            assert_eq!(m.ram_config(), 0);
            assert_eq!(m.read(0xC000), 0x55, "configuration {cfg}");
            m.write(0x4000, cfg);
            assert_eq!(m.ram()[PAGE], cfg, "block 1 stays at &4000");
        }
        assert!(m.ram()[4 * PAGE..].iter().all(|&b| b == 0));
    }

    #[test]
    fn banking_configuration_2_maps_the_extra_64k() {
        let mut m = Memory::new();
        m.write(0x0000, 1);
        m.set_ram_config(2);
        assert_eq!(m.read(0x0000), 0, "block 4 is fresh");
        m.write(0x0000, 4);
        m.set_ram_config(0);
        assert_eq!(m.read(0x0000), 1);
        assert_eq!(m.ram()[4 * PAGE], 4);
    }

    #[test]
    fn configuration_4_to_7_swap_the_second_window() {
        let mut m = Memory::new();
        for cfg in 4..8u8 {
            m.set_ram_config(cfg);
            m.write(0x4000, cfg);
            assert_eq!(m.ram()[cfg as usize * PAGE], cfg);
        }
        m.set_ram_config(3);
        m.write(0x4000, 0x33);
        assert_eq!(m.ram()[3 * PAGE], 0x33, "config 3 shows block 3 at &4000");
    }

    #[test]
    fn roms_shadow_reads_but_not_writes() {
        let mut m = Memory::new();
        m.set_lower_rom(&[0xAA; PAGE]).unwrap();
        m.set_upper_rom(0, &[0xBB; PAGE]).unwrap();
        m.set_rom_enables(true, true);
        m.write(0x0010, 1);
        m.write(0xC010, 2);
        assert_eq!((m.read(0x0010), m.read(0xC010)), (0xAA, 0xBB));
        assert_eq!(m.video()[0xC010], 2);
        m.set_rom_enables(false, false);
        assert_eq!((m.read(0x0010), m.read(0xC010)), (1, 2));
        assert_eq!(m.set_lower_rom(&[0; 10]), Err(10));
    }

    #[test]
    fn without_images_rom_enables_read_ram() {
        let mut m = Memory::new();
        m.write(0x0038, 0xC9);
        m.set_rom_enables(true, true);
        assert_eq!(m.read(0x0038), 0xC9);
    }
}
