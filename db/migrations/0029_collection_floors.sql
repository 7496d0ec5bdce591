CREATE TABLE `collection_floors` (
	`collection_id` integer NOT NULL,
	`hour` integer NOT NULL,
	`low_wei` text,
	`floor_wei` text,
	PRIMARY KEY(`collection_id`, `hour`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
