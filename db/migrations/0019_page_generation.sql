CREATE TABLE `page_generation` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL,
	CONSTRAINT "page_generation_one_row" CHECK("page_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `page_generation` (`id`, `generation`) VALUES (1, 0);
