-- Issue 32 item 1: a licence ordered with a new machine is paid (invoiced) before the machine is
-- installed. It has no serial number until the installed machine takes it; it names the machine
-- ordered and the invoice that charged it. Replaces the placeholder machines ("ORDER-…" serials).
ALTER TABLE machine_licences ALTER COLUMN serial_number DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE machine_licences ADD COLUMN manufacturer text;
--> statement-breakpoint
ALTER TABLE machine_licences ADD COLUMN model text;
--> statement-breakpoint
ALTER TABLE machine_licences ADD COLUMN invoice_number text;
--> statement-breakpoint
ALTER TABLE machine_licences ADD COLUMN assigned_at timestamp with time zone;
--> statement-breakpoint
-- Placeholders of earlier registrations become what they stood for: ordered licences awaiting a machine.
INSERT INTO machine_licences (tenant_id, serial_number, manufacturer, model, licensed_at)
  SELECT tenant_id, NULL, manufacturer, designation, created_at FROM cutting_machines
  WHERE serial_number LIKE 'ORDER-%' AND deleted_at IS NULL AND licensed_at IS NULL;
--> statement-breakpoint
UPDATE cutting_machines SET deleted_at = now() WHERE serial_number LIKE 'ORDER-%' AND deleted_at IS NULL
  AND licensed_at IS NULL;
