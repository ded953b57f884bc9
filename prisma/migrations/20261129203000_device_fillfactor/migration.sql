-- Every heartbeat updates its device's row (last heard, battery; decision 0660), none of them an indexed column:
-- with room left in each page the new version stays in the old one's page (a HOT update), so none of the table's
-- four indexes gets a new entry and the page is pruned in place. Packed full (the default, 100), 62 % of the
-- fleet's heartbeats moved their row to another page and wrote every index (decision 0920). Pages written from
-- now on keep half free; the pages already full fill the room as their rows move.
ALTER TABLE "Device" SET (fillfactor = 50);
