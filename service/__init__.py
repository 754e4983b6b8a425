"""addrx: structured extraction of Chinese shipping text (province, city, district, location, name, phone)."""
