/* ludo-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUDO_TYPE_APPLICATION (ludo_application_get_type ())
G_DECLARE_FINAL_TYPE (LudoApplication, ludo_application, LUDO, APPLICATION, AdwApplication)

LudoApplication *ludo_application_new (void);

G_END_DECLS
