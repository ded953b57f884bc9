-- DropIndex
DROP INDEX "Task_confirmingSince_idx";
