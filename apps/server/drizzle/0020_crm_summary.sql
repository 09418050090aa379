CREATE INDEX "contacts_name_sort_idx" ON "contacts" USING btree ("bot_id",(translate(lower("name"), 'áàâäãåéèêëíìîïóòôöõúùûüñç', 'aaaaaaeeeeiiiiooooouuuunc') collate "C"),"id");--> statement-breakpoint
CREATE INDEX "conversations_bot_created_idx" ON "conversations" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_bot_created_idx" ON "appointments" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_stage_changes_bot_idx" ON "contact_stage_changes" USING btree ("bot_id","created_at");